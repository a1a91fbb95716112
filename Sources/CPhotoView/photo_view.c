/* Why this exists: see photo_view.h: a texture drawn at any zoom, with pan and zoom gestures. */
#include "photo_view.h"
#include <math.h>

struct _CpPhotoView {
  GtkWidget parent_instance;
  GdkTexture *texture;
  /* The texture's pixels, read directly when GTK draws with cairo. */
  GdkPixbuf *pixels;
  double image_width, image_height;
  gboolean upscale;
  /* Best fit follows the view's size; otherwise `zoom` and the image point at the view's centre. */
  gboolean best_fit;
  double zoom;
  double center_x, center_y;
  /* An eased zoom (keys): from `from` to `to`, keeping image point (ix, iy) under (ax, ay). */
  guint tick_id;
  gint64 start_time;
  double from_zoom, to_zoom, ix, iy, ax, ay;
  /* Pointer position (for Ctrl+wheel), and the centre when a drag or pinch began. */
  double pointer_x, pointer_y;
  gboolean pointer_inside;
  double drag_center_x, drag_center_y;
  double pinch_zoom;
};

G_DEFINE_FINAL_TYPE(CpPhotoView, cp_photo_view, GTK_TYPE_WIDGET)

static guint zoom_changed_signal;
static const gint64 animation_usec = 200000;

static double view_width(CpPhotoView *self) { return gtk_widget_get_width(GTK_WIDGET(self)); }
static double view_height(CpPhotoView *self) { return gtk_widget_get_height(GTK_WIDGET(self)); }

static double fit_zoom(CpPhotoView *self) {
  double w = view_width(self), h = view_height(self);
  if (self->image_width <= 0 || self->image_height <= 0 || w <= 0 || h <= 0) return 1.0;
  double fit = MIN(w / self->image_width, h / self->image_height);
  return self->upscale ? fit : MIN(fit, 1.0);
}

static double current_zoom(CpPhotoView *self) { return self->best_fit ? fit_zoom(self) : self->zoom; }

/* Centre the image on an axis where it is smaller than the view; otherwise keep its edges outside. */
static void clamp_center(CpPhotoView *self) {
  double z = current_zoom(self);
  double half_w = view_width(self) / 2 / z, half_h = view_height(self) / 2 / z;
  if (self->image_width * z <= view_width(self)) self->center_x = self->image_width / 2;
  else self->center_x = CLAMP(self->center_x, half_w, self->image_width - half_w);
  if (self->image_height * z <= view_height(self)) self->center_y = self->image_height / 2;
  else self->center_y = CLAMP(self->center_y, half_h, self->image_height - half_h);
}

static void changed(CpPhotoView *self) {
  gtk_widget_set_cursor_from_name(GTK_WIDGET(self), current_zoom(self) > fit_zoom(self) + 1e-9 ? "grab" : NULL);
  gtk_widget_queue_draw(GTK_WIDGET(self));
  g_signal_emit(self, zoom_changed_signal, 0);
}

static void stop_animation(CpPhotoView *self) {
  if (self->tick_id) {
    gtk_widget_remove_tick_callback(GTK_WIDGET(self), self->tick_id);
    self->tick_id = 0;
  }
}

/* Set the zoom keeping image point (ix, iy) under widget point (ax, ay). */
static void apply_zoom(CpPhotoView *self, double zoom, double ix, double iy, double ax, double ay) {
  double fit = fit_zoom(self);
  double low = MIN(CP_PHOTO_VIEW_MIN_ZOOM, fit);
  zoom = CLAMP(zoom, low, CP_PHOTO_VIEW_MAX_ZOOM);
  self->best_fit = fabs(zoom - fit) < 1e-6;
  self->zoom = zoom;
  self->center_x = ix - (ax - view_width(self) / 2) / zoom;
  self->center_y = iy - (ay - view_height(self) / 2) / zoom;
  clamp_center(self);
  changed(self);
}

static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
  CpPhotoView *self = CP_PHOTO_VIEW(widget);
  double t = (double)(gdk_frame_clock_get_frame_time(clock) - self->start_time) / animation_usec;
  if (t >= 1.0) t = 1.0;
  double eased = 1.0 - pow(1.0 - t, 3); /* ease-out cubic */
  /* Interpolate in log space, so zooming in and out feel alike. */
  double zoom = exp(log(self->from_zoom) + (log(self->to_zoom) - log(self->from_zoom)) * eased);
  apply_zoom(self, zoom, self->ix, self->iy, self->ax, self->ay);
  if (t >= 1.0) {
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

/* Easing only where the user has not turned animations off (gtk-enable-animations: the
 * desktop's reduced-motion setting, through XSETTINGS or settings.ini). */
static gboolean may_animate(CpPhotoView *self) {
  gboolean enabled = TRUE;
  g_object_get(gtk_widget_get_settings(GTK_WIDGET(self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && gtk_widget_get_mapped(GTK_WIDGET(self));
}

void cp_photo_view_zoom_to(CpPhotoView *self, double zoom, double x, double y, gboolean animate) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  stop_animation(self);
  if (!self->texture) return;
  if (x < 0) { x = view_width(self) / 2; y = view_height(self) / 2; }
  double z = current_zoom(self);
  double ix = self->center_x + (x - view_width(self) / 2) / z;
  double iy = self->center_y + (y - view_height(self) / 2) / z;
  double low = MIN(CP_PHOTO_VIEW_MIN_ZOOM, fit_zoom(self));
  zoom = CLAMP(zoom, low, CP_PHOTO_VIEW_MAX_ZOOM);
  if (!animate || !may_animate(self)) {
    apply_zoom(self, zoom, ix, iy, x, y);
    return;
  }
  self->from_zoom = z;
  self->to_zoom = zoom;
  self->ix = ix; self->iy = iy; self->ax = x; self->ay = y;
  self->start_time = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(GTK_WIDGET(self)));
  self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), tick, NULL, NULL);
}

void cp_photo_view_zoom_by(CpPhotoView *self, double factor, gboolean animate) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  double target = (self->tick_id ? self->to_zoom : current_zoom(self)) * factor;
  cp_photo_view_zoom_to(self, target, -1, -1, animate);
}

void cp_photo_view_fit(CpPhotoView *self, gboolean animate) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  if (animate && self->texture && may_animate(self)) {
    /* Ease towards the fit, keeping the image's centre at the view's centre at the end. */
    stop_animation(self);
    double z = current_zoom(self);
    self->from_zoom = z;
    self->to_zoom = fit_zoom(self);
    self->ix = self->image_width / 2; self->iy = self->image_height / 2;
    self->ax = view_width(self) / 2;
    self->ay = view_height(self) / 2;
    self->start_time = gdk_frame_clock_get_frame_time(gtk_widget_get_frame_clock(GTK_WIDGET(self)));
    self->tick_id = gtk_widget_add_tick_callback(GTK_WIDGET(self), tick, NULL, NULL);
    return;
  }
  stop_animation(self);
  self->best_fit = TRUE;
  self->center_x = self->image_width / 2;
  self->center_y = self->image_height / 2;
  changed(self);
}

void cp_photo_view_pan_by(CpPhotoView *self, double dx, double dy) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  double z = current_zoom(self);
  self->center_x -= dx / z;
  self->center_y -= dy / z;
  clamp_center(self);
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

double cp_photo_view_get_zoom(CpPhotoView *self) { return current_zoom(self); }
gboolean cp_photo_view_get_best_fit(CpPhotoView *self) { return self->best_fit; }

void cp_photo_view_set_texture(CpPhotoView *self, GdkTexture *texture, GdkPixbuf *pixels, int width, int height,
                               gboolean keep_view, gboolean upscale) {
  g_return_if_fail(CP_IS_PHOTO_VIEW(self));
  gboolean same_size = self->image_width == width && self->image_height == height;
  if (texture) g_object_ref(texture);
  g_clear_object(&self->texture);
  if (pixels) g_object_ref(pixels);
  g_clear_object(&self->pixels);
  self->texture = texture;
  self->pixels = pixels;
  self->image_width = width;
  self->image_height = height;
  self->upscale = upscale;
  if (!(keep_view && same_size)) {
    stop_animation(self);
    self->best_fit = TRUE;
    self->center_x = width / 2.0;
    self->center_y = height / 2.0;
  }
  changed(self);
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

static void snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  CpPhotoView *self = CP_PHOTO_VIEW(widget);
  if (!self->texture) return;
  double w = view_width(self), h = view_height(self), z = current_zoom(self);
  double cx = self->best_fit ? self->image_width / 2 : self->center_x;
  double cy = self->best_fit ? self->image_height / 2 : self->center_y;
  /* Whole-pixel origin, so 100 % is sharp. */
  graphene_rect_t bounds = GRAPHENE_RECT_INIT(round(w / 2 - cx * z), round(h / 2 - cy * z),
                                              round(self->image_width * z), round(self->image_height * z));
  gtk_snapshot_push_clip(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
  if (draws_with_cairo(widget) && self->pixels) {
    /* GTK 4.8's cairo renderer copies a texture node's whole texture into a new cairo surface
     * at every frame: 48 MB for a 12-megapixel photo, 40-60 ms a frame while dragging or
     * zooming. Only the pixels on screen are converted here, straight from the pixbuf, and
     * painted through a cairo node: no copy of the whole photo, kept or made. */
    double s = gdk_pixbuf_get_width(self->pixels) / self->image_width; /* pixbuf pixels per image pixel */
    int pw = gdk_pixbuf_get_width(self->pixels), ph = gdk_pixbuf_get_height(self->pixels);
    /* The pixbuf's pixels under the view, one more on each side for the filter. */
    int x0 = MAX(0, (int)floor((0 - bounds.origin.x) / z * s) - 1), y0 = MAX(0, (int)floor((0 - bounds.origin.y) / z * s) - 1);
    int x1 = MIN(pw, (int)ceil((w - bounds.origin.x) / z * s) + 1), y1 = MIN(ph, (int)ceil((h - bounds.origin.y) / z * s) + 1);
    if (x1 > x0 && y1 > y0) {
      /* Shrinking more than twice: every step-th pixel, so the work stays that of the screen's pixels. */
      double shrink = s / z;
      int step = shrink >= 2 ? (int)floor(shrink) : 1;
      cairo_surface_t *region = region_of(self->pixels, x0, y0, x1 - x0, y1 - y0, step);
      cairo_t *cr = gtk_snapshot_append_cairo(snapshot, &GRAPHENE_RECT_INIT(0, 0, w, h));
      cairo_translate(cr, bounds.origin.x + x0 / s * z, bounds.origin.y + y0 / s * z);
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
  } else {
    gtk_snapshot_append_texture(snapshot, self->texture, &bounds);
  }
  gtk_snapshot_pop(snapshot);
}

static void size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  CpPhotoView *self = CP_PHOTO_VIEW(widget);
  if (!self->best_fit) {
    /* Zoomed below the new fit: it becomes the fit. */
    if (self->zoom < fit_zoom(self)) self->best_fit = TRUE;
    clamp_center(self);
  }
}

static void measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                    int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
  *minimum = 0;
  *natural = 64;
}

/* --- gestures --- */

static void pointer_moved(GtkEventControllerMotion *motion, double x, double y, CpPhotoView *self) {
  self->pointer_x = x; self->pointer_y = y; self->pointer_inside = TRUE;
}

static void pointer_left(GtkEventControllerMotion *motion, CpPhotoView *self) { self->pointer_inside = FALSE; }

static gboolean scrolled(GtkEventControllerScroll *scroll, double dx, double dy, CpPhotoView *self) {
  GdkModifierType state = gtk_event_controller_get_current_event_state(GTK_EVENT_CONTROLLER(scroll));
  if (!(state & GDK_CONTROL_MASK) || !self->texture || dy == 0) return FALSE;
  double x = self->pointer_inside ? self->pointer_x : -1, y = self->pointer_inside ? self->pointer_y : -1;
  cp_photo_view_zoom_to(self, current_zoom(self) * pow(1.25, -dy), x, y, FALSE);
  return TRUE;
}

static void drag_begin(GtkGestureDrag *drag, double x, double y, CpPhotoView *self) {
  self->drag_center_x = self->center_x;
  self->drag_center_y = self->center_y;
}

static void drag_update(GtkGestureDrag *drag, double dx, double dy, CpPhotoView *self) {
  if (self->best_fit || !self->texture) return;
  gtk_widget_set_cursor_from_name(GTK_WIDGET(self), "grabbing");
  double z = current_zoom(self);
  self->center_x = self->drag_center_x - dx / z;
  self->center_y = self->drag_center_y - dy / z;
  clamp_center(self);
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void drag_end(GtkGestureDrag *drag, double dx, double dy, CpPhotoView *self) {
  gtk_widget_set_cursor_from_name(GTK_WIDGET(self), current_zoom(self) > fit_zoom(self) + 1e-9 ? "grab" : NULL);
}

static void pressed(GtkGestureClick *click, int n_press, double x, double y, CpPhotoView *self) {
  if (n_press != 2 || !self->texture) return;
  if (self->best_fit && fabs(fit_zoom(self) - 1.0) > 1e-6) cp_photo_view_zoom_to(self, 1.0, x, y, TRUE);
  else cp_photo_view_fit(self, TRUE);
}

static void pinch_begin(GtkGesture *gesture, GdkEventSequence *sequence, CpPhotoView *self) {
  self->pinch_zoom = current_zoom(self);
}

static void pinch_changed(GtkGestureZoom *gesture, double scale, CpPhotoView *self) {
  double x, y;
  if (!gtk_gesture_get_bounding_box_center(GTK_GESTURE(gesture), &x, &y)) x = y = -1;
  cp_photo_view_zoom_to(self, self->pinch_zoom * scale, x, y, FALSE);
}

/* --- type --- */

static void dispose(GObject *object) {
  CpPhotoView *self = CP_PHOTO_VIEW(object);
  stop_animation(self);
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
  zoom_changed_signal = g_signal_new("zoom-changed", G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void cp_photo_view_init(CpPhotoView *self) {
  GtkWidget *widget = GTK_WIDGET(self);
  self->best_fit = TRUE;
  self->zoom = 1.0;
  gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_set_hexpand(widget, TRUE);
  gtk_widget_set_vexpand(widget, TRUE);

  GtkEventController *motion = gtk_event_controller_motion_new();
  g_signal_connect(motion, "enter", G_CALLBACK(pointer_moved), self);
  g_signal_connect(motion, "motion", G_CALLBACK(pointer_moved), self);
  g_signal_connect(motion, "leave", G_CALLBACK(pointer_left), self);
  gtk_widget_add_controller(widget, motion);

  GtkEventController *scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect(scroll, "scroll", G_CALLBACK(scrolled), self);
  gtk_widget_add_controller(widget, scroll);

  GtkGesture *drag = gtk_gesture_drag_new();
  g_signal_connect(drag, "drag-begin", G_CALLBACK(drag_begin), self);
  g_signal_connect(drag, "drag-update", G_CALLBACK(drag_update), self);
  g_signal_connect(drag, "drag-end", G_CALLBACK(drag_end), self);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(drag));

  GtkGesture *click = gtk_gesture_click_new();
  g_signal_connect(click, "pressed", G_CALLBACK(pressed), self);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(click));

  GtkGesture *pinch = gtk_gesture_zoom_new();
  g_signal_connect(pinch, "begin", G_CALLBACK(pinch_begin), self);
  g_signal_connect(pinch, "scale-changed", G_CALLBACK(pinch_changed), self);
  gtk_widget_add_controller(widget, GTK_EVENT_CONTROLLER(pinch));
}

GtkWidget *cp_photo_view_new(void) { return g_object_new(CP_TYPE_PHOTO_VIEW, NULL); }
