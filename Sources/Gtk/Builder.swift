// Why this exists: GtkBuilder from a UI string, for the one widget GTK builds only that way (GtkShortcutsWindow).
import CGtk
import GLibRuntime

@MainActor
public final class Builder {
    public let ref: ObjectRef

    public init(ui: String, translationDomain: String) {
        let builder = gtk_builder_new()!
        gtk_builder_set_translation_domain(builder, translationDomain)
        var error: UnsafeMutablePointer<GError>?
        gtk_builder_add_from_string(builder, ui, -1, &error)
        if let error {
            let message = String(cString: error.pointee.message)
            g_error_free(error)
            preconditionFailure("invalid built-in UI: \(message)")
        }
        ref = ObjectRef(adopting: builder)
    }

    /// Show the toplevel window with `id` over `parent`. GTK keeps the window alive while it is
    /// open (its toplevel list holds a reference), after the builder is gone.
    @discardableResult
    public func presentWindow(_ id: String, transientFor parent: ApplicationWindow?) -> Bool {
        guard let object = gtk_builder_get_object(ref.pointer.opaque, id) else { return false }
        if let parent { gtk_window_set_transient_for(object.window, parent.gtkWindow) }
        gtk_window_present(object.window)
        return true
    }
}
