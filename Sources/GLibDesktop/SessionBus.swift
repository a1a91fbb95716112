// Why this exists: whether a D-Bus session bus can be reached (GIO), asked before GTK starts.
import GLibRuntime
import CGLib

public enum SessionBus {
    /// Connects once (g_bus_get_sync) and says whether that worked.
    public static var isReachable: Bool {
        var error: UnsafeMutablePointer<GError>?
        if let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
            g_object_unref(connection.raw)
            return true
        }
        if let error { g_error_free(error) }
        return false
    }
}
