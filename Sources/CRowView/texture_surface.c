/* Why this exists: GTK 4.8's cairo renderer (Xvfb, GSK_RENDERER=cairo, no GL) converts a texture node's texture into a new cairo surface at every frame it draws, 256 KB allocated, converted and freed per 256 px thumbnail per frame; a thumbnail drawn here converts once per texture and is only composited after. */
#include "row_view_private.h"

static const char *surface_key = "cp-row-view-surface";

/* The texture's pixels as a cairo image surface, made the first time and kept on the texture
 * itself (freed with it): the placeholders' textures, shared by every row, convert once. */
static cairo_surface_t *surface_of(GdkTexture *texture) {
  cairo_surface_t *surface = g_object_get_data(G_OBJECT(texture), surface_key);
  if (surface) return surface;
  int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
  surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    cairo_surface_destroy(surface);
    return NULL;
  }
  gdk_texture_download(texture, cairo_image_surface_get_data(surface), (gsize)cairo_image_surface_get_stride(surface));
  cairo_surface_mark_dirty(surface);
  g_object_set_data_full(G_OBJECT(texture), surface_key, surface, (GDestroyNotify)cairo_surface_destroy);
  return surface;
}

void cp_row_view_append_texture(GtkWidget *widget, GtkSnapshot *snapshot, GdkTexture *texture, const graphene_rect_t *rect) {
  GtkNative *native = gtk_widget_get_native(widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
  cairo_surface_t *surface = renderer && GSK_IS_CAIRO_RENDERER(renderer) ? surface_of(texture) : NULL;
  if (!surface || rect->size.width <= 0 || rect->size.height <= 0) {
    gtk_snapshot_append_texture(snapshot, texture, rect);
    return;
  }
  /* As the texture node draws itself (the same pattern, extend and matrix), from the kept
   * surface: the cairo node records the paint, and a recording keeps the surface, not a copy. */
  cairo_t *cr = gtk_snapshot_append_cairo(snapshot, rect);
  cairo_pattern_t *pattern = cairo_pattern_create_for_surface(surface);
  cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD);
  cairo_matrix_t matrix;
  cairo_matrix_init_scale(&matrix, gdk_texture_get_width(texture) / rect->size.width, gdk_texture_get_height(texture) / rect->size.height);
  cairo_matrix_translate(&matrix, -rect->origin.x, -rect->origin.y);
  cairo_pattern_set_matrix(pattern, &matrix);
  cairo_set_source(cr, pattern);
  cairo_pattern_destroy(pattern);
  cairo_rectangle(cr, rect->origin.x, rect->origin.y, rect->size.width, rect->size.height);
  cairo_fill(cr);
  cairo_destroy(cr);
}
