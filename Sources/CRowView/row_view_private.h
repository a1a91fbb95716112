/* Why this exists: the row view's fields, shared by its widget code (row_view.c), its setters (row_view_setters.c) and its font figures (row_view_font.c), and by nothing else. */
#ifndef CLASSIC_PHOTOS_ROW_VIEW_PRIVATE_H
#define CLASSIC_PHOTOS_ROW_VIEW_PRIVATE_H
#include "row_view.h"

struct _CpRowView {
  GtkWidget parent_instance;
  int thumbnail_size, spacing;
  /* A grid's cell: the slot on top, the name centred under it, no status line. */
  gboolean cell;
  GdkTexture *texture;
  char *name, *status;
  /* Made on first need from the widget's Pango context, then kept: they follow the context's changes. */
  PangoLayout *name_layout, *status_layout;
  /* The line heights and an average character's width, from the font, not the text (so no text
   * changes the size), computed for the Pango context serial `metrics_serial`. */
  int name_height, status_height, char_width;
  guint metrics_serial;
};

/* Set the row's font figures for `context` (its layouts made): those last measured, or measured
 * anew (row_view_font.c). Main thread only. */
void cp_row_view_font_figures(CpRowView *self, PangoContext *context);

/* Draw `texture` in `rect`: under the cairo renderer from a surface converted once (texture_surface.c). */
void cp_row_view_append_texture(GtkWidget *widget, GtkSnapshot *snapshot, GdkTexture *texture, const graphene_rect_t *rect);

#endif
