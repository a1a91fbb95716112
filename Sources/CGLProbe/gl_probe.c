/* Why this exists: GTK 4.8 picks its GL renderer even when GL is Mesa's software rasterizer, where it is slower than cairo; the app asks what GL is here (a throwaway surfaceless context, as GTK's own renderer would make) before the first window is realized. */
#include "gl_probe.h"

#include <epoxy/gl.h>

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
