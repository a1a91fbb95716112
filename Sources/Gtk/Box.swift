// Why this exists: GtkBox, the row and page layout container.
import CGtk

@MainActor
public final class Box: Widget {
    public init(vertical: Bool, spacing: Int32 = 0) {
        super.init(sinking: gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!)
    }
    public func append(_ child: Widget) { gtk_box_append(widget.as(GtkBox.self), child.widget) }
}
