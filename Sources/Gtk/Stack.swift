// Why this exists: GtkStack, to switch a view between pages (list, loading, empty, error).
import CGtk
import GLibRuntime

@MainActor
public final class Stack: Widget {
    public init() { super.init(sinking: gtk_stack_new()!) }
    public func addNamed(_ child: Widget, _ name: String) { gtk_stack_add_named(widget.opaque, child.widget, name) }
    public var visibleChildName: String {
        get { gtk_stack_get_visible_child_name(widget.opaque).map { String(cString: $0) } ?? "" }
        set { gtk_stack_set_visible_child_name(widget.opaque, newValue) }
    }
}
