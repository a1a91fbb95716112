/* Why this exists: see row_view.h: a row's thumbnail, name and status (or a grid cell's thumbnail and name) drawn by one widget of fixed size. */
#include "row_view.h"
#include <string.h>

#include "row_view_private.h"

G_DEFINE_FINAL_TYPE(CpRowView, cp_row_view, GTK_TYPE_WIDGET)

/* The name is drawn in the widget's own font, which is GTK's .heading (the view has the class):
 * 11 pt bold. The status line is GTK's .caption, 9 pt regular, dimmed as .dim-label is: 0.55
 * opaque, 0.9 in the high-contrast themes. The gap is the 4 px the two labels had. */
static const double status_scale = 9.0 / 11.0;
static const int line_gap = 4;
/* The width the text asks for, in average characters (the list fills its width anyway). */
static const int natural_chars = 24;

static PangoLayout *make_layout(CpRowView *self, const char *text, gboolean status) {
  PangoLayout *layout = gtk_widget_create_pango_layout(GTK_WIDGET(self), text ? text : "");
  if (status) {
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_NORMAL));
    pango_attr_list_insert(attributes, pango_attr_scale_new(status_scale));
    pango_layout_set_attributes(layout, attributes);
    pango_attr_list_unref(attributes);
  }
  pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode(layout, TRUE);
  return layout;
}

/* The layouts, made on first need; and the font's figures, taken again only when the widget's
 * Pango context changed (a new font, text scale or direction bumps its serial): from the figures
 * last measured when they were for the same font, language, resolution and direction, measured
 * otherwise. The layouts notice such a change themselves, by the same serial, when next laid out. */
static void ensure_layouts(CpRowView *self) {
  if (!self->name_layout) {
    self->name_layout = make_layout(self, self->name, FALSE);
    self->status_layout = make_layout(self, self->status, TRUE);
    self->metrics_serial = 0;
  }
  PangoContext *context = pango_layout_get_context(self->name_layout);
  guint serial = pango_context_get_serial(context);
  if (serial == self->metrics_serial) return;
  self->metrics_serial = serial;
  cp_row_view_font_figures(self, context);
}

static void drop_layouts(CpRowView *self) {
  g_clear_object(&self->name_layout);
  g_clear_object(&self->status_layout);
}

static int text_x(CpRowView *self) {
  if (self->cell) return 0;
  return gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL ? 0 : self->thumbnail_size + self->spacing;
}

static int text_width(CpRowView *self) {
  if (self->cell) return gtk_widget_get_width(GTK_WIDGET(self));
  return MAX(0, gtk_widget_get_width(GTK_WIDGET(self)) - self->thumbnail_size - self->spacing);
}

/* GTK asks only after a resize was queued (a new font, a new direction), never for a new text or
 * texture; the answer depends on the font alone. */
static void cp_row_view_measure(GtkWidget *widget, GtkOrientation orientation, int for_size,
                                int *minimum, int *natural, int *minimum_baseline, int *natural_baseline) {
  CpRowView *self = CP_ROW_VIEW(widget);
  ensure_layouts(self);
  if (self->cell) {
    *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? self->thumbnail_size
                                                                    : self->thumbnail_size + self->spacing + self->name_height;
  } else if (orientation == GTK_ORIENTATION_HORIZONTAL) {
    *minimum = self->thumbnail_size + self->spacing + 2 * self->char_width;
    *natural = self->thumbnail_size + self->spacing + natural_chars * self->char_width;
  } else {
    *minimum = *natural = MAX(self->thumbnail_size, self->name_height + line_gap + self->status_height);
  }
}

static void set_alignment(CpRowView *self, PangoLayout *layout, int width) {
  pango_layout_set_width(layout, width * PANGO_SCALE);
  gboolean rtl = gtk_widget_get_direction(GTK_WIDGET(self)) == GTK_TEXT_DIR_RTL;
  pango_layout_set_alignment(layout, self->cell ? PANGO_ALIGN_CENTER : rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
}

static void cp_row_view_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
  CpRowView *self = CP_ROW_VIEW(widget);
  ensure_layouts(self);
  int text = self->cell ? width : MAX(0, width - self->thumbnail_size - self->spacing);
  set_alignment(self, self->name_layout, text);
  set_alignment(self, self->status_layout, text);
}

static double status_opacity(CpRowView *self) {
  char *theme = NULL;
  g_object_get(gtk_widget_get_settings(GTK_WIDGET(self)), "gtk-theme-name", &theme, NULL);
  gboolean high_contrast = theme && (strstr(theme, "-hc") || strstr(theme, "HighContrast"));
  g_free(theme);
  return high_contrast ? 0.9 : 0.55;
}

static void cp_row_view_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
  CpRowView *self = CP_ROW_VIEW(widget);
  ensure_layouts(self);
  int width = gtk_widget_get_width(widget), height = gtk_widget_get_height(widget);
  int slot = self->thumbnail_size;
  gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
  if (self->texture) {
    double tw = gdk_texture_get_width(self->texture), th = gdk_texture_get_height(self->texture);
    double scale = MIN(slot / tw, slot / th);
    double w = tw * scale, h = th * scale;
    double slot_x = self->cell ? (width - slot) / 2.0 : rtl ? width - slot : 0;
    double slot_y = self->cell ? 0 : (height - slot) / 2.0;
    graphene_rect_t rect = GRAPHENE_RECT_INIT((float)(slot_x + (slot - w) / 2), (float)(slot_y + (slot - h) / 2), (float)w, (float)h);
    cp_row_view_append_texture(widget, snapshot, self->texture, &rect);
  }
  if (text_width(self) <= 0) return;
  GdkRGBA color, dim;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color);
  G_GNUC_END_IGNORE_DEPRECATIONS
  dim = color;
  /* Read as it is drawn: a theme change restyles, and so redraws, every widget. */
  dim.alpha *= status_opacity(self);
  /* A cell's name sits under its slot; a row's two lines are centred beside it. */
  int top = self->cell ? slot + self->spacing : (height - (self->name_height + line_gap + self->status_height)) / 2;
  gtk_snapshot_save(snapshot);
  gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT((float)text_x(self), (float)top));
  gtk_snapshot_append_layout(snapshot, self->name_layout, &color);
  if (!self->cell) {
    gtk_snapshot_translate(snapshot, &GRAPHENE_POINT_INIT(0, (float)(self->name_height + line_gap)));
    gtk_snapshot_append_layout(snapshot, self->status_layout, &dim);
  }
  gtk_snapshot_restore(snapshot);
}

/* The font or the text direction changed: measure (and so lay out) again with the new context. */
static void reset(CpRowView *self) {
  gtk_widget_queue_resize(GTK_WIDGET(self));
}

static void cp_row_view_direction_changed(GtkWidget *widget, GtkTextDirection previous) { reset(CP_ROW_VIEW(widget)); }

static void cp_row_view_system_setting_changed(GtkWidget *widget, GtkSystemSetting setting) {
  GTK_WIDGET_CLASS(cp_row_view_parent_class)->system_setting_changed(widget, setting);
  if (setting == GTK_SYSTEM_SETTING_FONT_NAME || setting == GTK_SYSTEM_SETTING_FONT_CONFIG ||
      setting == GTK_SYSTEM_SETTING_DPI)
    reset(CP_ROW_VIEW(widget));
}

static void cp_row_view_dispose(GObject *object) {
  CpRowView *self = CP_ROW_VIEW(object);
  g_clear_object(&self->texture);
  drop_layouts(self);
  G_OBJECT_CLASS(cp_row_view_parent_class)->dispose(object);
}

static void cp_row_view_finalize(GObject *object) {
  CpRowView *self = CP_ROW_VIEW(object);
  g_free(self->name);
  g_free(self->status);
  G_OBJECT_CLASS(cp_row_view_parent_class)->finalize(object);
}

static void cp_row_view_class_init(CpRowViewClass *klass) {
  GObjectClass *object_class = G_OBJECT_CLASS(klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);
  object_class->dispose = cp_row_view_dispose;
  object_class->finalize = cp_row_view_finalize;
  widget_class->measure = cp_row_view_measure;
  widget_class->size_allocate = cp_row_view_size_allocate;
  widget_class->snapshot = cp_row_view_snapshot;
  widget_class->direction_changed = cp_row_view_direction_changed;
  widget_class->system_setting_changed = cp_row_view_system_setting_changed;
  gtk_widget_class_set_css_name(widget_class, "rowview");
  /* The row (its parent) carries the accessible name and state; this draws them. */
  gtk_widget_class_set_accessible_role(widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void cp_row_view_init(CpRowView *self) {
  gtk_widget_add_css_class(GTK_WIDGET(self), "heading");
}

GtkWidget *cp_row_view_new(int thumbnail_size, int spacing) {
  CpRowView *self = g_object_new(CP_TYPE_ROW_VIEW, NULL);
  self->thumbnail_size = MAX(1, thumbnail_size);
  self->spacing = MAX(0, spacing);
  return GTK_WIDGET(self);
}

GtkWidget *cp_row_view_new_cell(int thumbnail_size, int spacing) {
  CpRowView *self = CP_ROW_VIEW(cp_row_view_new(thumbnail_size, spacing));
  self->cell = TRUE;
  /* A cell's name is the body font, as Nautilus's and gThumb's are, not a heading. */
  gtk_widget_remove_css_class(GTK_WIDGET(self), "heading");
  return GTK_WIDGET(self);
}
