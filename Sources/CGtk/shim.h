/* Why this exists: the C header Swift imports for GTK 4 and GDK; only the widget binding (Sources/Gtk) sees it. */
#ifndef CLASSIC_PHOTOS_CGTK_SHIM_H
#define CLASSIC_PHOTOS_CGTK_SHIM_H
/* GLib and GdkPixbuf first, as the modules they are: imported here, not parsed again into this
   module (a copy of GLib in each C module cost every compile that imported two of them). */
#include "../CGLib/shim.h"
#include "../CGdkPixbuf/shim.h"
#include <gtk/gtk.h>
#endif
