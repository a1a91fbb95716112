/* Why this exists: the C reference for the sepia benchmark compiled -O3 -march=native (see Package.swift), and memcpy. */
#include "sepia_reference.h"
#include <string.h>

#define SEPIA_REFERENCE_NAME sepia_reference
#include "sepia_loop.h"

void copy_reference(const uint8_t *src, uint8_t *dst, size_t bytes) {
    memcpy(dst, src, bytes);
}
