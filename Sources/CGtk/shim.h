/* Why this exists: the C header Swift imports for GTK 4 and GDK; only the widget binding (Sources/Gtk) sees it. */
#ifndef CLASSIC_PHOTOS_CGTK_SHIM_H
#define CLASSIC_PHOTOS_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
