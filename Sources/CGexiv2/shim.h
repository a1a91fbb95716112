/* Why this exists: the C header Swift imports for gexiv2, the GObject wrapper over exiv2 that GNOME's photo apps read EXIF, XMP and IPTC with; only PhotoMetadata sees it, and only the decoding helpers run it. */
#ifndef CLASSIC_PHOTOS_CGEXIV2_SHIM_H
#define CLASSIC_PHOTOS_CGEXIV2_SHIM_H
/* GLib as its own module, imported, not parsed again into this one (Sources/CGtk/shim.h). */
#include "../CGLib/shim.h"
#include <gexiv2/gexiv2.h>
#endif
