// Why this exists: GtkBuilder from a UI string, for the one widget GTK builds only that way (GtkShortcutsWindow).
import CGtk

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

    /// The object with `id` (owned by the builder).
    public func object(_ id: String) -> UnsafeMutablePointer<GObject>? {
        gtk_builder_get_object(ref.pointer.opaque, id)
    }
}
