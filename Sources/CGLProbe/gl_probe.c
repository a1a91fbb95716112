/* Why this exists: GTK 4.8 picks its GL renderer even when GL is Mesa's software rasterizer, where it is slower than cairo; the app asks what GL is here (a throwaway surfaceless context, as GTK's own renderer would make) before the first window is realized. */
#include "gl_probe.h"

#include <epoxy/gl.h>
#include <X11/Xlib.h>

char *
cp_gl_renderer_name (GdkDisplay *display, char **error)
{
  GError *failure = NULL;
  GdkGLContext *context = gdk_display_create_gl_context (display, &failure);
  if (context == NULL || !gdk_gl_context_realize (context, &failure))
    {
      if (error != NULL)
        *error = g_strdup (failure != NULL ? failure->message : "no GL context");
      g_clear_error (&failure);
      g_clear_object (&context);
      return NULL;
    }
  gdk_gl_context_make_current (context);
  const char *renderer = (const char *) glGetString (GL_RENDERER);
  char *name = g_strdup (renderer != NULL ? renderer : "");
  gdk_gl_context_clear_current ();
  g_object_unref (context);
  return name;
}

void *
cp_x11_connect (const char *display_name)
{
  return XOpenDisplay (display_name);
}

const char *
cp_x11_missing_direct_rendering (void *connection)
{
  Display *x = connection;
  int opcode = 0, event = 0, error = 0;
  /* Mesa renders on a GPU through DRI3 or DRI2; NVIDIA's own driver through its GLX extension. */
  static const char *const ways[] = { "DRI3", "DRI2", "NV-GLX" };
  for (gsize i = 0; i < G_N_ELEMENTS (ways); i++)
    if (XQueryExtension (x, ways[i], &opcode, &event, &error))
      return NULL;
  return "the X server offers none of DRI3, DRI2 or NV-GLX";
}

void
cp_x11_release (void *connection)
{
  if (connection != NULL)
    XCloseDisplay (connection);
}
