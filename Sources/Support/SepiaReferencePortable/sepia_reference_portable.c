/* Why this exists: the same C reference loop compiled -O3 for portable x86-64 (what a distribution would ship), the benchmark's second yardstick. */
#include "sepia_reference_portable.h"

#define SEPIA_REFERENCE_NAME sepia_reference_portable
#include "sepia_loop.h"
