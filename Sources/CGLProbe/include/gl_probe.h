/* Why this exists: which OpenGL renderer GTK would draw with on this display (a real GPU, or a software rasterizer such as llvmpipe), asked before any window is shown. */
#ifndef CLASSIC_PHOTOS_GL_PROBE_H
#define CLASSIC_PHOTOS_GL_PROBE_H

#include "../../CGtk/shim.h"

/* The GL_RENDERER string of a GL context made for `display` (free it with g_free), or NULL when
   no GL context can be made there (then GTK draws with cairo anyway); `error` says why. */
char *cp_gl_renderer_name (GdkDisplay *display, char **error);

/* A connection of the app's own to the X server `display_name` (NULL: $DISPLAY), or NULL, to ask
   before GTK opens the display. Release it only once GDK has its own connection: an X server
   whose last client leaves resets itself (Xvfb without -noreset), and a connection made then waits
   for the reset (30 ms, measured). */
void *cp_x11_connect (const char *display_name);

/* Why GL can only be a software rasterizer on the X server of `connection`, told without loading
   GL: a server that offers no way to render on a GPU from the client (none of DRI3, DRI2 or
   NVIDIA's NV-GLX: Xvfb, Xvnc, most VMs without a virtual GPU). NULL when it may have one.
   A static string: do not free it. */
const char *cp_x11_missing_direct_rendering (void *connection);

void cp_x11_release (void *connection);

#endif
