/* Why this exists: reading and watching the root window's _ICC_PROFILE with Xlib, on GDK's own connection (see screen_profile.h). */
#include "screen_profile.h"
#include <gdk/x11/gdkx.h>
#include <X11/Xatom.h>
#include <limits.h>

gboolean cp_screen_profile_is_x11(GdkDisplay *display) {
    return display != NULL && GDK_IS_X11_DISPLAY(display);
}

GBytes *cp_screen_profile_read(GdkDisplay *display, gsize limit) {
    if (!cp_screen_profile_is_x11(display)) return NULL;
    Display *x = gdk_x11_display_get_xdisplay(display);
    Window root = gdk_x11_display_get_xrootwindow(display);
    Atom name = gdk_x11_get_xatom_by_name_for_display(display, "_ICC_PROFILE");
    Atom type = None;
    int format = 0;
    unsigned long count = 0, after = 0;
    unsigned char *value = NULL;
    /* Lengths are in 32-bit units; one past the limit tells a larger profile apart. */
    long units = (long)MIN(limit / 4 + 1, (gsize)(LONG_MAX / 4));
    gdk_x11_display_error_trap_push(display);
    int status = XGetWindowProperty(x, root, name, 0, units, False, AnyPropertyType, &type, &format, &count, &after, &value);
    gint error = gdk_x11_display_error_trap_pop(display);
    GBytes *profile = NULL;
    if (status == Success && error == 0 && value != NULL && type != None && format == 8 && count > 0 && after == 0 && count <= limit) {
        profile = g_bytes_new(value, count);
    }
    if (value != NULL) XFree(value);
    return profile;
}

typedef struct {
    Atom name;
    Window root;
    void (*changed)(void *data);
    void *data;
} Watch;

static gboolean on_xevent(GdkDisplay *display, const XEvent *event, gpointer user_data) {
    (void)display;
    Watch *watch = user_data;
    if (event->type == PropertyNotify && event->xproperty.window == watch->root && event->xproperty.atom == watch->name) {
        watch->changed(watch->data);
    }
    return GDK_EVENT_PROPAGATE;
}

gulong cp_screen_profile_watch(GdkDisplay *display, void (*changed)(void *data), void *data) {
    if (!cp_screen_profile_is_x11(display)) return 0;
    Display *x = gdk_x11_display_get_xdisplay(display);
    Watch *watch = g_new0(Watch, 1);
    watch->name = gdk_x11_get_xatom_by_name_for_display(display, "_ICC_PROFILE");
    watch->root = gdk_x11_display_get_xrootwindow(display);
    watch->changed = changed;
    watch->data = data;
    /* Keep what GDK already asked of the root window, and add property changes. */
    XWindowAttributes attributes;
    gdk_x11_display_error_trap_push(display);
    if (XGetWindowAttributes(x, watch->root, &attributes)) {
        XSelectInput(x, watch->root, attributes.your_event_mask | PropertyChangeMask);
    }
    gdk_x11_display_error_trap_pop_ignored(display);
    return g_signal_connect_data(display, "xevent", G_CALLBACK(on_xevent), watch, (GClosureNotify)(void (*)(void))g_free, 0);
}
