// Why this exists: the filter bar's controls: GtkSearchEntry (GTK waits a moment after typing before it says the search changed), and GtkDropDown of a few strings.
import CGtk
import GLibRuntime

@MainActor
public final class SearchEntry: Widget {
    public init() { super.init(sinking: gtk_search_entry_new()!) }

    public var text: String {
        get { gtk_editable_get_text(widget.opaque).map { String(cString: $0) } ?? "" }
        set { gtk_editable_set_text(widget.opaque, newValue) }
    }

    /// What it shows, greyed, while empty.
    public func setPlaceholder(_ text: String) {
        var value = GValue()
        g_value_init(&value, FundamentalType.string)
        g_value_set_string(&value, text)
        g_object_set_property(ref.pointer.object, "placeholder-text", &value)
        g_value_unset(&value)
    }

    /// The text changed and typing paused (GTK's own short delay).
    public func onSearchChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "search-changed", fn) }
    /// Escape pressed in it.
    public func onStopSearch(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "stop-search", fn) }
}

@MainActor
public final class DropDown: Widget {
    public init(strings: [String]) {
        var pointers = strings.map { UnsafePointer(strdup($0)) } + [nil]
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        let made = pointers.withUnsafeMutableBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }
        super.init(sinking: made!)
    }

    /// The position of the string chosen.
    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(widget.opaque)) }
        set { gtk_drop_down_set_selected(widget.opaque, guint(newValue)) }
    }

    public func onSelected(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::selected") { _ in fn() }
    }
}
