/* Why this exists: the C headers Swift imports for GLib, GObject and GIO (and GLib's Unix helpers): the runtime beneath everything else. */
#ifndef CLASSIC_PHOTOS_CGLIB_SHIM_H
#define CLASSIC_PHOTOS_CGLIB_SHIM_H
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <locale.h>
#include <libintl.h>
#endif
