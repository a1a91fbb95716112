/* Why this exists: the C header Swift imports for GdkPixbuf (image loading and pixel buffers), which needs no GTK. */
#ifndef CLASSIC_PHOTOS_CGDKPIXBUF_SHIM_H
#define CLASSIC_PHOTOS_CGDKPIXBUF_SHIM_H
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif
