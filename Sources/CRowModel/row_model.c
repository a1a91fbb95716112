/* Why this exists: see include/row_model.h. Items are plain GObjects made on demand: the factory binds rows by position. */
#include "row_model.h"

struct _CpRowModel {
    GObject parent_instance;
    guint count;
};

static void cp_row_model_list_model_init(GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE(CpRowModel, cp_row_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, cp_row_model_list_model_init))

static GType cp_row_model_get_item_type(GListModel *model) {
    (void)model;
    return G_TYPE_OBJECT;
}

static guint cp_row_model_get_n_items(GListModel *model) {
    return CP_ROW_MODEL(model)->count;
}

static gpointer cp_row_model_get_item(GListModel *model, guint position) {
    if (position >= CP_ROW_MODEL(model)->count) return NULL;
    /* A new, distinct object each time (the list view holds it while the row is bound). */
    return g_object_new(G_TYPE_OBJECT, NULL);
}

static void cp_row_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = cp_row_model_get_item_type;
    iface->get_n_items = cp_row_model_get_n_items;
    iface->get_item = cp_row_model_get_item;
}

static void cp_row_model_class_init(CpRowModelClass *klass) { (void)klass; }

static void cp_row_model_init(CpRowModel *self) { self->count = 0; }

CpRowModel *cp_row_model_new(guint count) {
    CpRowModel *self = g_object_new(CP_TYPE_ROW_MODEL, NULL);
    self->count = count;
    return self;
}

guint cp_row_model_get_count(CpRowModel *self) {
    g_return_val_if_fail(CP_IS_ROW_MODEL(self), 0);
    return self->count;
}

void cp_row_model_append(CpRowModel *self, guint added) {
    g_return_if_fail(CP_IS_ROW_MODEL(self));
    if (added == 0) return;
    guint position = self->count;
    self->count += added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, 0, added);
}

void cp_row_model_replace(CpRowModel *self, guint count) {
    g_return_if_fail(CP_IS_ROW_MODEL(self));
    guint removed = self->count;
    self->count = count;
    if (removed != 0 || count != 0) g_list_model_items_changed(G_LIST_MODEL(self), 0, removed, count);
}

void cp_row_model_splice(CpRowModel *self, guint position, guint removed, guint added) {
    g_return_if_fail(CP_IS_ROW_MODEL(self));
    g_return_if_fail(position <= self->count && removed <= self->count - position);
    if (removed == 0 && added == 0) return;
    self->count = self->count - removed + added;
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}
