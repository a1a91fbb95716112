/* Why this exists: what the app changes on a row view as rows are rebound: its slot's size, its texture and its two texts, each redrawing it only when it changed (never resizing it, but for the slot). */
#include "row_view_private.h"

void cp_row_view_set_thumbnail_size(CpRowView *self, int thumbnail_size) {
  g_return_if_fail(CP_IS_ROW_VIEW(self));
  thumbnail_size = MAX(1, thumbnail_size);
  if (self->thumbnail_size == thumbnail_size) return;
  self->thumbnail_size = thumbnail_size;
  /* The one time this view's size changes. */
  gtk_widget_queue_resize(GTK_WIDGET(self));
}

void cp_row_view_set_texture(CpRowView *self, GdkTexture *texture) {
  g_return_if_fail(CP_IS_ROW_VIEW(self));
  if (self->texture == texture) return;
  if (texture) g_object_ref(texture);
  g_clear_object(&self->texture);
  self->texture = texture;
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void set_text(CpRowView *self, char **field, PangoLayout *layout, const char *text) {
  if (g_strcmp0(*field, text) == 0) return;
  g_free(*field);
  *field = g_strdup(text);
  if (layout) pango_layout_set_text(layout, text ? text : "", -1);
  gtk_widget_queue_draw(GTK_WIDGET(self));
}

void cp_row_view_set_name(CpRowView *self, const char *name) {
  g_return_if_fail(CP_IS_ROW_VIEW(self));
  set_text(self, &self->name, self->name_layout, name);
}

void cp_row_view_set_status(CpRowView *self, const char *status) {
  g_return_if_fail(CP_IS_ROW_VIEW(self));
  set_text(self, &self->status, self->status_layout, status);
}
