/* Why this exists: the C header Swift imports for libsoup 3 (HTTP client and, in tests, the loopback server). */
#ifndef CLASSIC_PHOTOS_CSOUP_SHIM_H
#define CLASSIC_PHOTOS_CSOUP_SHIM_H
/* GLib as its own module, imported, not parsed again into this one (Sources/CGtk/shim.h). */
#include "../CGLib/shim.h"
#include <libsoup/soup.h>
#endif
