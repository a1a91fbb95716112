/* Why this exists: see photo_view.h: a texture drawn at the zoom and centre the app sets; with GTK's cairo renderer, only the part on screen is read from the pixbuf. */
#include "photo_view.h"
#include <math.h>

struct _CpPhotoView {
  GtkWidget parent_instance;
  GdkTexture *texture;
  /* The texture's pixels, read directly when GTK draws with cairo. */
  GdkPixbuf *pixels;
  double image_width, image_height;
  /* What the app set: the zoom, and the image point at the view's centre. */
  double zoom;
  double center_x, center_y;
  /* A turn being shown (Rotate): degrees clockwise about the view's centre, and a scale. */
  double turn_angle, turn_scale;
};

G_DEFINE_FINAL_TYPE(CpPhotoView, cp_photo_view, GTK_TYPE_WIDGET)

static guint resized_signal;

void cp_photo_view_set_texture(CpPhotoView *self, GdkTexture *texture, GdkPixbuf *pixels, int width, int height) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  if (texture) g_object_ref(texture);
  g_clear_object(&self->texture);
  if (pixels) g_object_ref(pixels);
  g_clear_object(&self->pixels);
  self->texture = texture;
  self->pixels = pixels;
  self->image_width = width;
  self->image_height = height;
  /* A new picture is drawn as it is: a turn shown meanwhile has ended. */
  self->turn_angle = 0;
  self->turn_scale = 1;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

void cp_photo_view_set_turn(CpPhotoView *self, double angle, double scale) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  g_return_if_fail(scale > 0);
  self->turn_angle = angle;
  self->turn_scale = scale;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

void cp_photo_view_set_view(CpPhotoView *self, double zoom, double center_x, double center_y) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  g_return_if_fail(zoom > 0);
  self->zoom = zoom;
  self->center_x = center_x;
  self->center_y = center_y;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* --- drawing --- */

/* Whether the window is drawn by GTK's cairo renderer (chosen where GL is a software rasterizer). */
static gboolean draws_with_cairo(GtkWidget *widget) {
  GtkNative *native = gtk_widget_get_native(widget);
  GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
  return renderer && GSK_IS_CAIRO_RENDERER(renderer);
}

/* The part of `pixels` from (x0, y0), `width` × `height` source pixels taken every `step`
 * pixels, as a premultiplied ARGB cairo surface. */
static cairo_surface_t *region_of(GdkPixbuf *pixels, int x0, int y0, int width, int height, int step) {
  int out_w = (width + step - 1) / step, out_h = (height + step - 1) / step;
  cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, out_w, out_h);
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) return surface;
  const guint8 *src = gdk_pixbuf_read_pixels(pixels);
  int src_stride = gdk_pixbuf_get_rowstride(pixels), channels = gdk_pixbuf_get_n_channels(pixels);
  gboolean alpha = gdk_pixbuf_get_has_alpha(pixels);
  guint8 *dst = cairo_image_surface_get_data(surface);
  int dst_stride = cairo_image_surface_get_stride(surface);
  for (int oy = 0; oy < out_h; oy++) {
    const guint8 *in = src + (gsize)(y0 + oy * step) * src_stride + (gsize)x0 * channels;
    guint32 *out = (guint32 *)(dst + (gsize)oy * dst_stride);
    for (int ox = 0; ox < out_w; ox++, in += channels * step) {
      guint32 a = alpha ? in[3] : 255;
      guint32 r = in[0] * a / 255, g = in[1] * a / 255, b = in[2] * a / 255;
      out[ox] = a << 24 | r << 16 | g << 8 | b;
    }
  }
  cairo_surface_mark_dirty(surface);
  return surface;
}

/* GTK 4.8's cairo renderer copies a texture node's whole texture into a new cairo surface at
 * every frame: 48 MB for a 12-megapixel photo, 40-60 ms a frame while dragging or zooming. Only
 * the pixels on screen are converted here, straight from the pixbuf, and painted through a
 * cairo node: no copy of the whole photo, kept or made. */
static void snapshot_with_cairo(CpPhotoView *self, GtkSnapshot *snapshot, const graphene_rect_t *bounds, double w, double h) {
  double z = self->zoom;
  double s = gdk_pixbuf_get_width(self->pixels) / self->image_width; /* pixbuf pixels per image pixel */
  int pw = gdk_pixbuf_get_width(self->pixels), ph = gdk_pixbuf_get_height(self->pixels);
  /* The pixbuf's pixels under the view, one more on each side for the filter. */
  int x0 = MAX(0, (int)floor((0 - bounds->origin.x) / z * s) - 1), y0 = MAX(0, (int)floor((0 - bounds->origin.y) / z * s) - 1);
  int x1 = MIN(pw, (int)ceil((w - bounds->origin.x) / z * s) + 1), y1 = MIN(ph, (int)ceil((h - bounds->origin.y) / z * s) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  /* Shrinking more than twice: every step-th pixel, so the work stays that of the screen's pixels. */
  double shrink = s / z;
  int step = shrink >= 2 ? (int)floor(shrink) : 1;
  cairo_surface_t *region = region_of(self->pixels, x0, y0, x1 - x0, y1 - y0, step);
  cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
  cairo_translate(cr, bounds->origin.x + x0 / s * z, bounds->origin.y + y0 / s * z);
  cairo_scale(cr, z / s * step, z / s * step);
  cairo_set_source_surface(cr, region, 0, 0);
  /* Bilinear, as GTK 4.8's GL renderer samples; at 100 % on whole pixels, a plain copy. */
  cairo_pattern_set_filter(cairo_get_source(cr), fabs(z / s * step - 1) < 1e-9 ? CAIRO_FILTER_FAST : CAIRO_FILTER_BILINEAR);
  cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD);
  /* The region's own extent (its last sample may stand for pixels past the photo's edge). */
  cairo_rectangle(cr, 0, 0, (x1 - x0) / (double)step, (y1 - y0) / (double)step);
  cairo_fill(cr);
  cairo_destroy(cr);
  cairo_surface_destroy(region);
}

static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  CpPhotoView *self = CP_PHOTO_VIEW(widget);
  if (!self->texture || self->image_width <= 0 || self->image_height <= 0) return;
  double w = gtk_widget_get_width(widget), h = gtk_widget_get_height(widget), z = self->zoom;
  /* Whole-pixel origin, so 100 % is sharp. */
  graphene_rect_t bounds = GRAPHENE_RECT_INIT(round(w / 2 - self->center_x * z), round(h / 2 - self->center_y * z),
                                              round(self->image_width * z), round(self->image_height * z));
  gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
  gboolean turning = self->turn_angle != 0 || self->turn_scale != 1;
  if (turning) {
    /* Turned about the view's centre: the whole texture is drawn (the part on screen is no
       longer a rectangle of the image), for the few frames a turn lasts. */
    gtk_snapshot_save(snapshot);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(w / 2, h / 2));
    gtk_snapshot_rotate(snapshot, self->turn_angle);
    gtk_snapshot_scale(snapshot, self->turn_scale, self->turn_scale);
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(-w / 2, -h / 2));
    gtk_snapshot_append_texture(snapshot, self->texture, &bounds);
    gtk_snapshot_restore(snapshot);
  } else if (draws_with_cairo(widget) && self->pixels) snapshot_with_cairo(self, snapshot, &bounds, w, h);
  else gtk_snapshot_append_texture(snapshot, self->texture, &bounds);
  gtk_snapshot_pop(snapshot);
}

static void size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  g_signal_emit(widget, resized_signal, 0);
}

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
  *minimum = 0;
  *natural = 64;
}

/* --- type --- */

static void dispose(GObject *object) {
  CpPhotoView *self = CP_PHOTO_VIEW(object);
  g_clear_object(&self->texture);
  g_clear_object(&self->pixels);
  G_OBJECT_CLASS(cp_photo_view_parent_class)->dispose(object);
}

static void cp_photo_view_class_init(CpPhotoViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = dispose;
  widget_class->snapshot = snapshot;
  widget_class->size_allocate = size_allocate;
  widget_class->measure = measure;
  resized_signal = g_signal_new("resized", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void cp_photo_view_init(CpPhotoView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  self->zoom = 1.0;
  self->turn_scale = 1.0;
  gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_hexpand(widget, TRUE);
  gtk_widget_set_vexpand(widget, TRUE);
}

GtkWidget *cp_photo_view_new(void) { return g_object_new(CP_TYPE_PHOTO_VIEW, NULL); }
