/* Why this exists: the X Color Management spec's display profile: a desktop with a calibrated monitor puts its ICC profile on the root window as _ICC_PROFILE (colord does); GTK 4.8 neither reads it nor says when it changes, so this reads the property and reports its changes through GDK's own X event stream. */
#ifndef CLASSIC_PHOTOS_SCREEN_PROFILE_H
#define CLASSIC_PHOTOS_SCREEN_PROFILE_H
#include "../../CGtk/shim.h"

G_BEGIN_DECLS

/* Whether `display` is an X11 display (on Wayland and others there is no root window). */
gboolean cp_screen_profile_is_x11(GdkDisplay *display);

/* The first screen's _ICC_PROFILE (a new GBytes the caller owns), NULL when it is not set, is
 * not 8-bit data, is empty or is larger than `limit` bytes. */
GBytes *cp_screen_profile_read(GdkDisplay *display, gsize limit);

/* Call `changed(data)` on the main loop each time _ICC_PROFILE on the root window is set,
 * replaced or deleted (PropertyNotify, added to the root window's event mask). Returns the
 * signal handler's id (0 where the display is not X11). */
gulong cp_screen_profile_watch(GdkDisplay *display, void (*changed)(void *data), void *data);

G_END_DECLS
#endif
