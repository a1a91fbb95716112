/* Why this exists: a list row's picture and two lines of text (a grid cell's picture and name) as one widget. A recycled row is rebound many times a second while the list scrolls; as GtkImage plus two GtkLabels in boxes, each bind restyled, re-measured and re-allocated five widgets. This one has a fixed size (the text never changes it), so a new photo, name or status only redraws it. */
#ifndef CLASSIC_PHOTOS_ROW_VIEW_H
#define CLASSIC_PHOTOS_ROW_VIEW_H
#include "../../CGtk/shim.h"

G_BEGIN_DECLS

#define CP_TYPE_ROW_VIEW (cp_row_view_get_type())
G_DECLARE_FINAL_TYPE(CpRowView, cp_row_view, CP, ROW_VIEW, GtkWidget)

/* A new row view (floating): a `thumbnail_size` square slot, `spacing` pixels, then the name
 * (in GTK's .heading font) above the status (as .caption and .dim-label), each on one line and
 * ellipsized at the end. In a right-to-left locale the slot is on the right. */
GtkWidget *cp_row_view_new(int thumbnail_size, int spacing);

/* A new grid cell (floating): the `thumbnail_size` square slot on top, `spacing` pixels, then
 * the name centred on one line under it, ellipsized; the status is not drawn. */
GtkWidget *cp_row_view_new_cell(int thumbnail_size, int spacing);

/* Draw `texture` (borrowed; the view takes its own reference; NULL: an empty slot) fitted in the
 * slot, centred. Redraws only when it is another texture. */
void cp_row_view_set_texture(CpRowView *self, GdkTexture *texture);

/* The thumbnail slot's size changed (the rows' thumbnail size): the view measures again. */
void cp_row_view_set_thumbnail_size(CpRowView *self, int thumbnail_size);
/* The name and the status line (copied). Redraws only when the text changed; never resizes. */
void cp_row_view_set_name(CpRowView *self, const char *name);
void cp_row_view_set_status(CpRowView *self, const char *status);

G_END_DECLS
#endif
