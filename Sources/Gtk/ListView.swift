// Why this exists: GtkListView and GtkGridView with a GtkSignalListItemFactory over a row-count model: recycled rows (or cells) for long galleries.
import CGtk
import CRowModel
import GLibRuntime

/// The model behind the list: just a number of rows. The row index is the position; the app's
/// rows know what to show. (A GtkStringList made a GObject and a string for every row up front.)
@MainActor
public final class RowCountModel {
    public let ref: ObjectRef
    private var model: OpaquePointer { ref.pointer.opaque }

    public init(count: Int = 0) { ref = ObjectRef(adopting: cp_row_model_new(guint(count))!) }

    public var count: Int { Int(cp_row_model_get_count(model)) }

    /// The row its first position shows: 0, but for a moment while the rows before a view's
    /// anchor are held back (`replace(count:keeping:first:)`). Every position the views hand
    /// out (`ListBase`) or are given counts from it; a list item's position does not.
    public private(set) var first = 0

    /// The rows before `first` join, in one emission before the others (the rows the view
    /// shows only move).
    public func joinFirst() {
        guard first > 0 else { return }
        let rows = first
        // Zero before the emission: a handler that asks again finds nothing left to join.
        first = 0
        splice(at: 0, removed: 0, added: rows)
    }

    /// Every row was replaced, the model now holding `count` rows from row `first` on (the rest
    /// before it join with `joinFirst`), with `kept` (a position) the view's anchor moved to
    /// `first`'s place; see `replace(count:keeping:at:)`.
    public func replace(count: Int, keeping kept: Int?, first: Int) {
        precondition(self.first == 0 && first >= 0, "the rows held back before join first")
        replace(count: count, keeping: kept, at: 0)
        self.first = first
    }

    /// Rows were added at the end (one `items-changed` emission).
    public func append(_ added: Int) { cp_row_model_append(model, guint(added)) }

    /// `removed` rows at `position` were replaced by `added` others (one `items-changed` emission).
    public func splice(at position: Int, removed: Int, added: Int) {
        cp_row_model_splice(model, guint(position), guint(removed), guint(added))
    }

    /// Every row was replaced (one `items-changed` emission), counted from row 0 again.
    public func replace(count: Int) {
        first = 0
        cp_row_model_replace(model, guint(count))
    }

    /// How many items its views have asked for, and how many of those were new objects (an
    /// item no view holds any more is handed out again).
    public var itemsAsked: Int { Int(cp_row_model_get_items_asked(model)) }
    public var itemsMade: Int { Int(cp_row_model_get_items_made(model)) }

    /// Every row was replaced by `count` others, in two emissions that leave the view's anchor in
    /// place: the row `kept` (its top row on screen), which is now at `position` (the caller
    /// scrolls there); or, when `kept` is nil, the first row (a view that stays at its top),
    /// replaced on its own after the others. GtkListView and GtkGridView 4.8 look for an anchor
    /// that one emission removed among every row it adds, making and dropping an item for each
    /// (40 ms for 100,000 rows); an anchor not removed is only moved.
    public func replace(count: Int, keeping kept: Int?, at position: Int?) {
        let before = self.count
        if let kept, let position, kept < before, position < count {
            // The rows after it first: the widgets made for them then only move, when the rows
            // before it arrive (the other way round, the view makes widgets for the rows just
            // before it, then drops them).
            splice(at: kept + 1, removed: before - kept - 1, added: count - position - 1)
            splice(at: 0, removed: kept, added: position)
        } else if kept == nil, before > 0, count > 0 {
            splice(at: 1, removed: before - 1, added: count - 1)
            splice(at: 0, removed: 1, added: 1)
        } else {
            replace(count: count)
        }
    }
}

/// A GtkListItem as the factory hands it over (owned by the list view).
@MainActor
public struct ListItem {
    let pointer: OpaquePointer
    init(_ raw: UnsafeMutableRawPointer) { pointer = OpaquePointer(raw) }

    /// The row index this item currently shows (GTK_INVALID_LIST_POSITION when unbound).
    public var position: Int { Int(gtk_list_item_get_position(pointer)) }

    public func setChild(_ child: Widget) { gtk_list_item_set_child(pointer, child.widget) }
    public func setActivatable(_ value: Bool) { gtk_list_item_set_activatable(pointer, value ? 1 : 0) }

    /// Hang a Swift object on the item; it is released with the item.
    public func attach(_ object: AnyObject, key: String) { setAttachment(object, on: pointer, key: key) }
    public func attached<T: AnyObject>(_ type: T.Type, key: String) -> T? { attachment(type, on: pointer, key: key) }
}

/// GtkSignalListItemFactory: setup creates a row widget, bind/unbind attach it to a position, teardown lets it go.
@MainActor
public final class ListItemFactory {
    public let ref: ObjectRef
    public init() { ref = ObjectRef(adopting: gtk_signal_list_item_factory_new()!) }

    public func onSetup(_ fn: @escaping @MainActor (ListItem) -> Void) { on("setup", fn) }
    public func onBind(_ fn: @escaping @MainActor (ListItem) -> Void) { on("bind", fn) }
    public func onUnbind(_ fn: @escaping @MainActor (ListItem) -> Void) { on("unbind", fn) }
    /// The item is let go of (its widget with it), after its unbind.
    public func onTeardown(_ fn: @escaping @MainActor (ListItem) -> Void) { on("teardown", fn) }

    private func on(_ signal: String, _ fn: @escaping @MainActor (ListItem) -> Void) {
        Signal.connectPointer(ref.pointer, signal) { item in
            if let item { fn(ListItem(item)) }
        }
    }
}

/// What GtkListView and GtkGridView share: a recycling view over the row-count model.
@MainActor
public class ListBase: Widget {
    public let model: RowCountModel
    public let factory: ListItemFactory
    /// Which rows are selected (GtkMultiSelection: Ctrl+click, Shift+click, Ctrl+A, Shift with the arrows).
    private let selection: OpaquePointer

    init(model: RowCountModel, factory: ListItemFactory, make: (OpaquePointer, OpaquePointer) -> UnsafeMutablePointer<GtkWidget>) {
        self.model = model
        self.factory = factory
        // gtk_multi_selection_new and the views' constructors take ownership (transfer full) of
        // what they are given: hand each a reference of its own; the view holds the selection.
        selection = gtk_multi_selection_new(OpaquePointer(model.ref.retainedForTransfer()))!
        super.init(sinking: make(selection, OpaquePointer(factory.ref.retainedForTransfer())))
    }

    private var selectionModel: OpaquePointer { selection }

    /// The selected rows, in order (rows: positions from the model's `first`).
    public var selectedRows: [Int] {
        guard let set = gtk_selection_model_get_selection(selectionModel) else { return [] }
        defer { gtk_bitset_unref(set) }
        var rows: [Int] = []
        var iter = GtkBitsetIter()
        var value: guint = 0
        var more = gtk_bitset_iter_init_first(&iter, set, &value) != 0
        while more {
            rows.append(Int(value) + model.first)
            more = gtk_bitset_iter_next(&iter, &value) != 0
        }
        return rows
    }

    public func unselectAll() { _ = gtk_selection_model_unselect_all(selectionModel) }
    public func selectAll() { _ = gtk_selection_model_select_all(selectionModel) }
    public func select(_ row: Int, exclusive: Bool) {
        guard row >= model.first else { return }
        _ = gtk_selection_model_select_item(selectionModel, guint(row - model.first), exclusive ? 1 : 0)
    }

    /// `selection-changed`: the rows selected changed.
    public func onSelectionChanged(_ fn: @escaping @MainActor () -> Void) {
        Signal.connect(selectionModel, "selection-changed") { fn() }
    }

    /// `activate` (position): an item was clicked (with single-click activation) or Enter was pressed on it.
    public func onActivate(_ fn: @escaping @MainActor (Int) -> Void) {
        Signal.connectInt(ref.pointer, "activate") { [model] position in fn(Int(UInt32(bitPattern: position)) + model.first) }
    }

    /// Scroll so the item is on screen and give it the focus (GTK 4.8's `list.scroll-to-item`
    /// action; gtk_list_view_scroll_to and gtk_grid_view_scroll_to are 4.12).
    public func scrollTo(_ row: Int) {
        guard row >= model.first else { return }
        _ = gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(row - model.first)))
    }
}

@MainActor
public final class ListView: ListBase {
    public init(model: RowCountModel, factory: ListItemFactory) {
        super.init(model: model, factory: factory) { gtk_list_view_new($0, $1)! }
    }

    public func setShowSeparators(_ value: Bool) { gtk_list_view_set_show_separators(widget.opaque, value ? 1 : 0) }

}

/// GtkGridView: the same recycled items, laid out in as many columns as fit.
@MainActor
public final class GridView: ListBase {
    public init(model: RowCountModel, factory: ListItemFactory) {
        super.init(model: model, factory: factory) { gtk_grid_view_new($0, $1)! }
    }

    /// The most columns (GTK's default, 7, leaves a wide window's grid half empty).
    public func setMaxColumns(_ count: Int) { gtk_grid_view_set_max_columns(widget.opaque, guint(max(1, count))) }
}
