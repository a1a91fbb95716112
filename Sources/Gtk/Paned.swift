// Why this exists: GtkPaned, the list with the operations inspector beside it, the divider dragged to resize.
import CGtk
import GLibRuntime

@MainActor
public final class Paned: Widget {
    private var paned: OpaquePointer { OpaquePointer(ref.raw) }

    public init(_ orientation: Orientation) { super.init(sinking: gtk_paned_new(orientation.gtk)!) }

    /// `resize`: the child grows with the window; `shrink`: it may be made smaller than it asks.
    public func setStart(_ child: Widget, resize: Bool = true, shrink: Bool = false) {
        gtk_paned_set_start_child(paned, child.widget)
        gtk_paned_set_resize_start_child(paned, resize ? 1 : 0)
        gtk_paned_set_shrink_start_child(paned, shrink ? 1 : 0)
    }
    public func setEnd(_ child: Widget, resize: Bool = false, shrink: Bool = false) {
        gtk_paned_set_end_child(paned, child.widget)
        gtk_paned_set_resize_end_child(paned, resize ? 1 : 0)
        gtk_paned_set_shrink_end_child(paned, shrink ? 1 : 0)
    }
    /// The divider's position from the start, in pixels.
    public var position: Int32 {
        get { gtk_paned_get_position(paned) }
        set { gtk_paned_set_position(paned, newValue) }
    }
    public func onPositionChanged(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::position") { _ in fn() }
    }
}
