/* Why this exists: the viewer's zoomable picture. GTK 4.8 has no zoomable image widget (GtkPicture only fits), so this small GtkWidget subclass draws a texture at any zoom with one texture node (with GTK's cairo renderer, the part on screen read from the pixbuf), and handles the pointer gestures (drag to pan, Ctrl+wheel and pinch to zoom around the pointer, double-click for best fit and 100 %). Keys are the app's. */
#ifndef CLASSIC_PHOTOS_PHOTO_VIEW_H
#define CLASSIC_PHOTOS_PHOTO_VIEW_H
#include <gtk/gtk.h>

G_BEGIN_DECLS

#define CP_TYPE_PHOTO_VIEW (cp_photo_view_get_type())
G_DECLARE_FINAL_TYPE(CpPhotoView, cp_photo_view, CP, PHOTO_VIEW, GtkWidget)

/* Zoom limits: 10 % to 2,000 % (best fit may be smaller than 10 % for a huge photo). */
#define CP_PHOTO_VIEW_MIN_ZOOM 0.1
#define CP_PHOTO_VIEW_MAX_ZOOM 20.0

/* A new view (floating). Emits "zoom-changed" (no arguments) whenever the zoom or best fit changes. */
GtkWidget *cp_photo_view_new(void);

/* Show `texture` (borrowed; the view takes its own reference; NULL shows nothing) as an image of
 * `width` × `height` (the texture is scaled to that size: a thumbnail stands in for the photo).
 * `pixels`: the pixbuf the texture was made from (borrowed, referenced), which the view reads
 * directly when GTK draws with cairo.
 * `keep_view`: keep the zoom and position when the size is the same (the same photo, in sepia or
 * not); otherwise the view goes back to best fit. `upscale`: best fit may exceed 100 %. */
void cp_photo_view_set_texture(CpPhotoView *self, GdkTexture *texture, GdkPixbuf *pixels, int width, int height,
                               gboolean keep_view, gboolean upscale);

double cp_photo_view_get_zoom(CpPhotoView *self);
gboolean cp_photo_view_get_best_fit(CpPhotoView *self);

/* Zoom to `zoom` keeping the image point under (x, y) (widget coordinates) in place; a negative
 * x means the view's centre. `animate`: ease there over 200 ms. */
void cp_photo_view_zoom_to(CpPhotoView *self, double zoom, double x, double y, gboolean animate);
/* Multiply the zoom around the view's centre (the + and − keys). */
void cp_photo_view_zoom_by(CpPhotoView *self, double factor, gboolean animate);
/* Best fit again (the 0 key). */
void cp_photo_view_fit(CpPhotoView *self, gboolean animate);
/* Move the image by (dx, dy) widget pixels (Ctrl+arrows); nothing at best fit. */
void cp_photo_view_pan_by(CpPhotoView *self, double dx, double dy);

G_END_DECLS
#endif
