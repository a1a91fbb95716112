// Why this exists: GtkListBox, the inspector's waterfall: a few lines, each selectable and read by screen readers.
import CGtk
import GLibRuntime

@MainActor
public final class ListBox: Widget {
    private var box: OpaquePointer { widget.opaque }

    public init() { super.init(sinking: gtk_list_box_new()!) }

    public func append(_ child: Widget) { gtk_list_box_append(box, child.widget) }
    /// `row-activated` (a click, or Enter on a line): its index.
    public func onRowActivated(_ fn: @escaping @MainActor (Int) -> Void) {
        Signal.connectPointer(ref.pointer, "row-activated") { row in
            guard let row else { return }
            fn(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
    }
}
