// Why this exists: GtkDropTarget for files, so a manifest dropped on the window opens.
import CGtk
import GLibRuntime

@MainActor
public final class DropTarget: EventController {
    /// Accepts one file (a GFile) with the copy action.
    public init() {
        super.init(adopting: gtk_drop_target_new(g_file_get_type(), GDK_ACTION_COPY)!)
    }

    /// Receives the dropped file's URI; return whether it was taken.
    public func onDropFile(_ fn: @escaping @MainActor (String) -> Bool) {
        Signal.connectValueReturningBool(ref.pointer, "drop") { value in
            guard let value, let object = g_value_get_object(value) else { return false }
            guard let uri = g_file_get_uri(OpaquePointer(object)) else { return false }
            defer { g_free(uri) }
            return fn(String(cString: uri))
        }
    }
}
