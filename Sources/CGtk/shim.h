/* Why this exists: the one C header Swift imports for GTK 4, GDK, GdkPixbuf, GIO and GLib's Unix helpers. */
#ifndef CLASSIC_PHOTOS_CGTK_SHIM_H
#define CLASSIC_PHOTOS_CGTK_SHIM_H
#include <gtk/gtk.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <locale.h>
#endif
