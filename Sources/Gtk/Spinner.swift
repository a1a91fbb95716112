// Why this exists: GtkSpinner, the "working" indicator of rows and the header bar.
import CGtk
import GLibRuntime

@MainActor
public final class Spinner: Widget {
    public init() { super.init(sinking: gtk_spinner_new()!) }
    public var spinning: Bool {
        get { gtk_spinner_get_spinning(widget.opaque) != 0 }
        set { gtk_spinner_set_spinning(widget.opaque, newValue ? 1 : 0) }
    }
}
