/* Why this exists: the viewer's picture. GTK 4.8 has no zoomable image widget (GtkPicture only fits), so this small GtkWidget subclass draws a texture at the zoom and centre it is given (with GTK's cairo renderer, the part on screen read straight from the pixbuf). What the zoom is, and how gestures and keys change it, is the app's (ZoomGeometry, PhotoZoom). */
#ifndef CLASSIC_PHOTOS_PHOTO_VIEW_H
#define CLASSIC_PHOTOS_PHOTO_VIEW_H
#include "../../CGtk/shim.h"

G_BEGIN_DECLS

#define CP_TYPE_PHOTO_VIEW (cp_photo_view_get_type())
G_DECLARE_FINAL_TYPE(CpPhotoView, cp_photo_view, CP, PHOTO_VIEW, GtkWidget)

/* A new view (floating). Emits "resized" (no arguments) whenever GTK gives it a size. */
GtkWidget *cp_photo_view_new(void);

/* Show `texture` (borrowed; the view takes its own reference; NULL shows nothing) as an image of
 * `width` × `height` (the texture is scaled to that size: a thumbnail stands in for the photo).
 * `pixels`: the pixbuf the texture was made from (borrowed, referenced), which the view reads
 * directly when GTK draws with cairo. */
void cp_photo_view_set_texture(CpPhotoView *self, GdkTexture *texture, GdkPixbuf *pixels, int width, int height);

/* Draw the image at `zoom` (> 0) with image point (center_x, center_y) at the view's centre. */
void cp_photo_view_set_view(CpPhotoView *self, double zoom, double center_x, double center_y);
/* Draw the picture turned `angle` degrees clockwise about the view's centre and scaled by
 * `scale` (a Rotate being shown); setting a texture ends it (0, 1). */
void cp_photo_view_set_turn(CpPhotoView *self, double angle, double scale);

G_END_DECLS
#endif
