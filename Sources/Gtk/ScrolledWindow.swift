// Why this exists: GtkScrolledWindow and its vertical GtkAdjustment, the source of scroll positions.
import CGtk
import GLibRuntime

@MainActor
public final class ScrolledWindow: Widget {
    public init() { super.init(sinking: gtk_scrolled_window_new()!) }
    private var scrolled: OpaquePointer { widget.opaque }

    public func setChild(_ child: Widget) { gtk_scrolled_window_set_child(scrolled, child.widget) }
    public func setPolicy(horizontal: ScrollbarPolicy, vertical: ScrollbarPolicy) {
        gtk_scrolled_window_set_policy(scrolled, horizontal.gtk, vertical.gtk)
    }
    /// The vertical adjustment, with a reference of its own.
    public var vadjustment: Adjustment { Adjustment(retaining: gtk_scrolled_window_get_vadjustment(scrolled)) }
}
