// Why this exists: GIO's process-wide defaults made once, on the main thread, before any worker can ask for them: GLib 2.74 deadlocks when a worker makes the default proxy resolver (whose GNOME module makes a GSettings while GIO's module lock is held) as the main thread makes the default settings backend (inside its once, which then waits for that lock). Seen as an app that froze under load before its first rows.
import CGLib

public enum GIODefaults {
    /// Make the settings backend and the proxy resolver, in that order, on this thread. Call on
    /// the main thread before any other thread starts work that may reach GIO.
    public static func makeHere() {
        // Both are owned by GIO for the process's life: nothing to release.
        _ = g_settings_backend_get_default().map { g_object_unref($0) }
        _ = g_proxy_resolver_get_default()
    }
}
