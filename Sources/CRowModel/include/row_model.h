/* Why this exists: a GListModel of N rows that costs nothing per row: the list view asks for an item only for the rows it binds, and the app's rows know what to show. GtkStringList makes a GObject and a string for every row up front, which a million-row gallery cannot afford. */
#ifndef CLASSIC_PHOTOS_ROW_MODEL_H
#define CLASSIC_PHOTOS_ROW_MODEL_H
#include "../../CGLib/shim.h"

G_BEGIN_DECLS

#define CP_TYPE_ROW_MODEL (cp_row_model_get_type())
G_DECLARE_FINAL_TYPE(CpRowModel, cp_row_model, CP, ROW_MODEL, GObject)

/* A model of `count` rows (a full reference). */
CpRowModel *cp_row_model_new(guint count);

guint cp_row_model_get_count(CpRowModel *self);

/* How many items its views have asked for, and how many of them were new objects (one no view
 * holds any more is handed out again): what a view's lookups cost, counted. */
guint64 cp_row_model_get_items_asked(CpRowModel *self);
guint64 cp_row_model_get_items_made(CpRowModel *self);

/* Rows were added at the end: one items-changed emission. */
void cp_row_model_append(CpRowModel *self, guint added);

/* `removed` rows at `position` were replaced by `added` others: one items-changed emission. */
void cp_row_model_splice(CpRowModel *self, guint position, guint removed, guint added);

/* Every row was replaced by `count` others: one items-changed emission. */
void cp_row_model_replace(CpRowModel *self, guint count);

G_END_DECLS
#endif
