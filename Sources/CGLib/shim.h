/* Why this exists: the C headers Swift imports for GLib, GObject and GIO (and GLib's Unix helpers): the runtime beneath everything else. */
#ifndef CLASSIC_PHOTOS_CGLIB_SHIM_H
#define CLASSIC_PHOTOS_CGLIB_SHIM_H
#include <glib.h>
#include <glib-object.h>
#include <gio/gio.h>
/* g_settings_backend_get_default: made once on the main thread at start (GIODefaults). */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib-unix.h>
#include <locale.h>
#include <libintl.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/xattr.h>

/* rename(2) that fails with EEXIST instead of replacing: glibc's renameat2 is not visible to
   Swift (it needs _GNU_SOURCE), so it is called by its number. RENAME_NOREPLACE is 1. */
static inline int classic_photos_rename_noreplace(const char *from, const char *to) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1u);
}
/* The same, into the folder open as `folder` (a name in it, never a path through links). */
static inline int classic_photos_rename_noreplace_into(const char *from, int folder, const char *name) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, folder, name, 1u);
}
#endif
