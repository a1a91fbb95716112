// Why this exists: GtkEntry, a line of text the user types (an address in Open Location).
import CGtk
import GLibRuntime

@MainActor
public final class Entry: Widget {
    public init() { super.init(sinking: gtk_entry_new()!) }

    private var editable: OpaquePointer { OpaquePointer(ref.raw) }
    private var entry: UnsafeMutablePointer<GtkEntry> { UnsafeMutablePointer<GtkEntry>(OpaquePointer(ref.raw)) }

    public var text: String {
        get { gtk_editable_get_text(editable).map { String(cString: $0) } ?? "" }
        set { gtk_editable_set_text(editable, newValue) }
    }

    /// What it shows, greyed, while empty.
    public func setPlaceholder(_ text: String) { gtk_entry_set_placeholder_text(entry, text) }

    /// Enter pressed in it.
    public func onActivate(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "activate", fn) }
    /// Its text changed.
    public func onChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "changed", fn) }
}
