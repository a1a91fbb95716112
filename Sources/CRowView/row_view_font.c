/* Why this exists: a row's font figures (its lines' heights, an average character's width) taken from those last measured when the font, language, resolution, direction and font options are the same: a row made anew has a Pango context of its own, and measuring them shaped three lines of text per row (GtkListView 4.8 makes 200 rows at once after a cleared filter). */
#include <string.h>

#include "row_view_private.h"

static int line_height(PangoLayout *layout) {
  /* One line of this layout's font, whatever its text: the metrics of an empty line. */
  PangoLayout *probe = pango_layout_copy(layout);
  pango_layout_set_text(probe, "", 0);
  int height = 0;
  pango_layout_get_pixel_size(probe, NULL, &height);
  g_object_unref(probe);
  return height;
}

/* The font's figures last measured, and what they were measured for: every row of a window shares
 * them, and a row made anew (GtkListView 4.8 makes 200 at once after a cleared filter) has a Pango
 * context of its own, so measuring them per row shaped three lines of text in each. Main thread only. */
static struct {
  char *font;
  const char *language;
  PangoFontMap *font_map;
  double resolution;
  PangoDirection direction;
  unsigned long options;
  int name_height, status_height, char_width;
} shared_figures;

/* Whether `context` (its font, language, font map, resolution, direction and font options) gives the figures last measured; if not, it is remembered as the one that will. */
static gboolean figures_known(PangoContext *context) {
  char *font = pango_font_description_to_string(pango_context_get_font_description(context));
  const char *language = pango_language_to_string(pango_context_get_language(context));
  PangoFontMap *font_map = pango_context_get_font_map(context);
  double resolution = pango_cairo_context_get_resolution(context);
  PangoDirection direction = pango_context_get_base_dir(context);
  const cairo_font_options_t *font_options = pango_cairo_context_get_font_options(context);
  unsigned long options = font_options ? cairo_font_options_hash(font_options) : 0;
  gboolean known = shared_figures.font && strcmp(font, shared_figures.font) == 0 && language == shared_figures.language &&
                   font_map == shared_figures.font_map && resolution == shared_figures.resolution && direction == shared_figures.direction && options == shared_figures.options;
  if (known) {
    g_free(font);
  } else {
    g_free(shared_figures.font);
    shared_figures.font = font;
    shared_figures.language = language;
    shared_figures.font_map = font_map;
    shared_figures.resolution = resolution;
    shared_figures.direction = direction;
    shared_figures.options = options;
  }
  return known;
}

void cp_row_view_font_figures(CpRowView *self, PangoContext *context) {
  if (!figures_known(context)) {
    shared_figures.name_height = line_height(self->name_layout);
    shared_figures.status_height = line_height(self->status_layout);
    PangoFontMetrics *metrics = pango_context_get_metrics(context, NULL, NULL);
    shared_figures.char_width = PANGO_PIXELS(pango_font_metrics_get_approximate_char_width(metrics));
    pango_font_metrics_unref(metrics);
  }
  self->name_height = shared_figures.name_height;
  self->status_height = shared_figures.status_height;
  self->char_width = shared_figures.char_width;
}
