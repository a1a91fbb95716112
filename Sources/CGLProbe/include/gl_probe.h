/* Why this exists: which OpenGL renderer GTK would draw with on this display (a real GPU, or a software rasterizer such as llvmpipe), asked before any window is shown. */
#ifndef CLASSIC_PHOTOS_GL_PROBE_H
#define CLASSIC_PHOTOS_GL_PROBE_H

#include "../../CGtk/shim.h"

/* The GL_RENDERER string of a GL context made for `display` (free it with g_free), or NULL when
   no GL context can be made there (then GTK draws with cairo anyway); `error` says why. */
char *cp_gl_renderer_name (GdkDisplay *display, char **error);

#endif
