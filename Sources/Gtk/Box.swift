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
    /// Remove every child (the box holds the only reference GTK kept to each).
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(widget.as(GtkBox.self), child) }
    }
}
