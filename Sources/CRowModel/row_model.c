/* Why this exists: see include/row_model.h. Items are plain GObjects made on demand: the factory binds rows by position. One is kept and handed out again while nothing else holds it: GtkListView 4.8 asks for an item of every row an emission adds when it looks for a row it lost, and drops each at once. */
#include "row_model.h"

struct _CpRowModel {
    GObject parent_instance;
    guint count;
    guint64 items_asked, items_made;
    /* The item handed out last, kept: handed out again while this is its only reference (the
       view dropped it: nothing can tell it from a new one). */
    GObject *spare;
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
    /* An object no one else holds (the list view holds one while its row is bound). */
    CpRowModel *self = CP_ROW_MODEL(model);
    self->items_asked++;
    if (self->spare && g_atomic_int_get(&self->spare->ref_count) == 1) return g_object_ref(self->spare);
    self->items_made++;
    GObject *item = g_object_new(G_TYPE_OBJECT, NULL);
    if (self->spare) g_object_unref(self->spare);
    self->spare = g_object_ref(item);
    return item;
}

static void cp_row_model_list_model_init(GListModelInterface *iface) {
    iface->get_item_type = cp_row_model_get_item_type;
    iface->get_n_items = cp_row_model_get_n_items;
    iface->get_item = cp_row_model_get_item;
}

static void cp_row_model_dispose(GObject *object) {
    g_clear_object(&CP_ROW_MODEL(object)->spare);
    G_OBJECT_CLASS(cp_row_model_parent_class)->dispose(object);
}

static void cp_row_model_class_init(CpRowModelClass *klass) { G_OBJECT_CLASS(klass)->dispose = cp_row_model_dispose; }

static void cp_row_model_init(CpRowModel *self) { self->count = 0; }

CpRowModel *cp_row_model_new(guint count) {
    CpRowModel *self = g_object_new(CP_TYPE_ROW_MODEL, NULL);
    self->count = count;
    return self;
}

guint64 cp_row_model_get_items_asked(CpRowModel *self) {
    g_return_val_if_fail(CP_IS_ROW_MODEL(self), 0);
    return self->items_asked;
}

guint64 cp_row_model_get_items_made(CpRowModel *self) {
    g_return_val_if_fail(CP_IS_ROW_MODEL(self), 0);
    return self->items_made;
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
