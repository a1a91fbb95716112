// Why this exists: GtkScrolledWindow and its vertical GtkAdjustment, the source of scroll positions.
import CGtk

@MainActor
public final class ScrolledWindow: Widget {
    public init() { super.init(sinking: gtk_scrolled_window_new()!) }
    private var scrolled: OpaquePointer { widget.opaque }

    public func setChild(_ child: Widget) { gtk_scrolled_window_set_child(scrolled, child.widget) }
    public func setPolicy(horizontal: GtkPolicyType, vertical: GtkPolicyType) {
        gtk_scrolled_window_set_policy(scrolled, horizontal, vertical)
    }
    /// The vertical adjustment (owned by the scrolled window).
    public var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(scrolled) }
}

extension ScrolledWindow {
    public var vadjustment: Adjustment { Adjustment(verticalAdjustment) }
}
