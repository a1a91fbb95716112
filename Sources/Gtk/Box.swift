// Why this exists: GtkBox, the row and page layout container.
import CGtk
import GLibRuntime

@MainActor
public final class Box: Widget {
    public init(_ orientation: Orientation, spacing: Int32 = 0) {
        super.init(sinking: gtk_box_new(orientation.gtk, spacing)!)
    }
    public func append(_ child: Widget) { gtk_box_append(widget.as(GtkBox.self), child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(widget.as(GtkBox.self), child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(widget.as(GtkBox.self), child.widget) }
}
