// Why this exists: GtkListView with a GtkSignalListItemFactory over a GtkStringList: recycled rows for long galleries.
import CGtk

/// The model behind the list: one string per row (the photo's name); the row index is the position.
@MainActor
public final class StringListModel {
    public let ref: ObjectRef
    public var pointer: OpaquePointer { ref.pointer.opaque }

    public init() { ref = ObjectRef(adopting: gtk_string_list_new(nil)!) }

    public var count: Int { Int(g_list_model_get_n_items(pointer)) }

    /// Replace every row at once (one `items-changed` emission).
    public func replaceAll(with strings: [String]) {
        var cStrings: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        gtk_string_list_splice(pointer, 0, guint(count), &cStrings)
        cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
    }
}

/// A GtkListItem as the factory hands it over.
@MainActor
public struct ListItem {
    public let pointer: OpaquePointer
    public init(_ raw: UnsafeMutableRawPointer) { pointer = OpaquePointer(raw) }

    /// The row index this item currently shows (GTK_INVALID_LIST_POSITION when unbound).
    public var position: Int { Int(gtk_list_item_get_position(pointer)) }

    public var child: UnsafeMutablePointer<GtkWidget>? { gtk_list_item_get_child(pointer) }
    public func setChild(_ child: Widget) { gtk_list_item_set_child(pointer, child.widget) }
    public func setActivatable(_ value: Bool) { gtk_list_item_set_activatable(pointer, value ? 1 : 0) }
}

/// GtkSignalListItemFactory: setup creates a row widget, bind/unbind attach it to a position.
@MainActor
public final class ListItemFactory {
    public let ref: ObjectRef
    public init() { ref = ObjectRef(adopting: gtk_signal_list_item_factory_new()!) }

    public func onSetup(_ fn: @escaping @MainActor (ListItem) -> Void) { on("setup", fn) }
    public func onBind(_ fn: @escaping @MainActor (ListItem) -> Void) { on("bind", fn) }
    public func onUnbind(_ fn: @escaping @MainActor (ListItem) -> Void) { on("unbind", fn) }

    private func on(_ signal: String, _ fn: @escaping @MainActor (ListItem) -> Void) {
        Signal.connectPointer(ref.pointer, signal) { item in
            if let item { fn(ListItem(item)) }
        }
    }
}

@MainActor
public final class ListView: Widget {
    public let model: StringListModel
    public let factory: ListItemFactory

    public init(model: StringListModel, factory: ListItemFactory) {
        self.model = model
        self.factory = factory
        // GtkNoSelection and GtkListView take ownership of what they are given: hand them references.
        let selection = gtk_no_selection_new(OpaquePointer(g_object_ref(model.ref.pointer)))
        g_object_ref(factory.ref.pointer)
        super.init(sinking: gtk_list_view_new(selection, factory.ref.pointer.opaque)!)
    }

    public func setShowSeparators(_ value: Bool) { gtk_list_view_set_show_separators(widget.opaque, value ? 1 : 0) }
}
