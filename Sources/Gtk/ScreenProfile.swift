// Why this exists: the display's colour profile as X11 desktops announce it (the root window's _ICC_PROFILE), read and followed live; GTK 4.8 has no colour management of its own, and on Wayland there is no such property.
import CGLib
import CGtk
import CScreenProfile
import Foundation

public enum ScreenProfile {
    /// Whether the app's display is X11's.
    public static var isX11: Bool { cp_screen_profile_is_x11(gdk_display_get_default()) != 0 }

    /// The profile on the root window now (nil: none, or larger than `limit` bytes).
    public static func read(limit: Int) -> Data? {
        guard let bytes = cp_screen_profile_read(gdk_display_get_default(), gsize(limit)) else { return nil }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let start = g_bytes_get_data(bytes, &size), size > 0 else { return nil }
        return Data(bytes: start, count: Int(size))
    }

    private final class Handler {
        let changed: @MainActor () -> Void
        init(_ changed: @escaping @MainActor () -> Void) { self.changed = changed }
    }

    /// Call `changed` on the main loop each time the root window's profile is set, replaced
    /// or removed, for the rest of the app's life; false where the display is not X11.
    @MainActor @discardableResult
    public static func watch(_ changed: @escaping @MainActor () -> Void) -> Bool {
        // Kept for the app's life: the signal outlives any one window.
        let handler = Unmanaged.passRetained(Handler(changed)).toOpaque()
        let id = cp_screen_profile_watch(gdk_display_get_default(), { data in
            guard let data else { return }
            let handler = Unmanaged<Handler>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { handler.changed() }
        }, handler)
        if id == 0 { Unmanaged<Handler>.fromOpaque(handler).release() }
        return id != 0
    }
}
