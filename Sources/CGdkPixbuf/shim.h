/* Why this exists: the C header Swift imports for GdkPixbuf (image loading and pixel buffers), which needs no GTK. */
#ifndef CLASSIC_PHOTOS_CGDKPIXBUF_SHIM_H
#define CLASSIC_PHOTOS_CGDKPIXBUF_SHIM_H
/* GLib as its own module, imported, not parsed again into this one (Sources/CGtk/shim.h). */
#include "../CGLib/shim.h"
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
