// Why this exists: Set as Background through the desktop's Wallpaper portal (org.freedesktop.portal.Wallpaper): whether a backend serves it (on bookworm GNOME's does, GTK's does not), and the request with its Response signal, subscribed to before the call so that no answer is missed.
import CGLib
import Foundation
import GLibRuntime

@MainActor
public enum WallpaperPortal {
    static let name = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Wallpaper"

    public enum Outcome: Sendable, Equatable { case set, cancelled, failed(String) }

    /// Whether the portal serves Wallpaper (its `version` property answers): the portal exports
    /// the interface only when a backend implements it.
    public static func isAvailable(_ reply: @escaping @MainActor (Bool) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return reply(false) }
        defer { g_object_unref(bus.raw) }
        let box = Unmanaged.passRetained(ClosureBox<@MainActor (Bool) -> Void>(reply)).toOpaque()
        let done: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<ClosureBox<@MainActor (Bool) -> Void>>.fromOpaque(data!).takeRetainedValue()
            let value = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
            if let value { g_variant_unref(value) }
            MainActor.assumeIsolated { box.fn(value != nil) }
        }
        var children: [OpaquePointer?] = [g_variant_new_string(interface), g_variant_new_string("version")]
        g_dbus_connection_call(bus, name, path, "org.freedesktop.DBus.Properties", "Get", g_variant_new_tuple(&children, 2),
                               nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, done, box)
    }

    /// Ask the desktop to show the picture at `uri` as its background (without the backend's
    /// preview: the user asked already). The portal may ask the user's leave first.
    public static func setBackground(_ uri: String, _ done: @escaping @MainActor (Outcome) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil), let unique = g_dbus_connection_get_unique_name(bus) else {
            return done(.failed("no session bus"))
        }
        defer { g_object_unref(bus.raw) }
        let token = "classic_photos_\(UInt32.random(in: 0...UInt32.max))"
        let sender = String(cString: unique).dropFirst().replacingOccurrences(of: ".", with: "_")
        let request = "\(path)/request/\(sender)/\(token)"
        let state = RequestState(done)
        let box = Unmanaged.passRetained(ClosureBox<RequestState>(state)).toOpaque()
        let signal: GDBusSignalCallback = { connection, _, _, _, _, parameters, data in
            let state = Unmanaged<ClosureBox<RequestState>>.fromOpaque(data!).takeUnretainedValue().fn
            var code: UInt32 = 2
            if let parameters, g_variant_n_children(parameters) >= 1, let first = g_variant_get_child_value(parameters, 0) {
                code = g_variant_get_uint32(first)
                g_variant_unref(first)
            }
            MainActor.assumeIsolated {
                if let connection { g_dbus_connection_signal_unsubscribe(connection, state.subscription) }
                state.finish(code == 0 ? .set : code == 1 ? .cancelled : .failed("the desktop did not set it"))
            }
        }
        let release: GDestroyNotify = { data in Unmanaged<SignalBox>.fromOpaque(data!).release() }
        state.subscription = g_dbus_connection_signal_subscribe(bus, name, "org.freedesktop.portal.Request", "Response", request, nil,
                                                                G_DBUS_SIGNAL_FLAGS_NONE, signal, box, release)
        let called = Unmanaged.passRetained(ClosureBox<RequestState>(state)).toOpaque()
        let replied: GAsyncReadyCallback = { source, result, data in
            let state = Unmanaged<ClosureBox<RequestState>>.fromOpaque(data!).takeRetainedValue().fn
            var error: UnsafeMutablePointer<GError>?
            let value = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
            if let value { g_variant_unref(value); return }
            let message = error.map { GLibError(taking: $0).message } ?? "the portal did not answer"
            MainActor.assumeIsolated {
                g_dbus_connection_signal_unsubscribe(OpaquePointer(source), state.subscription)
                state.finish(.failed(message))
            }
        }
        // (ssa{sv}): no parent window, the picture, and the options.
        let dictionary = g_variant_type_new("a{sv}")
        let options = g_variant_builder_new(dictionary)!
        g_variant_type_free(dictionary)
        g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string("handle_token"), g_variant_new_variant(g_variant_new_string(token))))
        g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string("show-preview"), g_variant_new_variant(g_variant_new_boolean(0))))
        g_variant_builder_add_value(options, g_variant_new_dict_entry(g_variant_new_string("set-on"), g_variant_new_variant(g_variant_new_string("background"))))
        var children: [OpaquePointer?] = [g_variant_new_string(""), g_variant_new_string(uri), g_variant_builder_end(options)]
        g_variant_builder_unref(options)
        g_dbus_connection_call(bus, name, path, interface, "SetWallpaperURI", g_variant_new_tuple(&children, 3),
                               nil, G_DBUS_CALL_FLAGS_NONE, 30_000, nil, replied, called)
    }
}

/// One request's answer, given once; used only on the main thread, where GLib's callbacks for
/// the default main context run.
@MainActor
private final class RequestState {
    var subscription: guint = 0
    private var done: (@MainActor (WallpaperPortal.Outcome) -> Void)?
    init(_ done: @escaping @MainActor (WallpaperPortal.Outcome) -> Void) { self.done = done }

    func finish(_ outcome: WallpaperPortal.Outcome) {
        let done = self.done
        self.done = nil
        done?(outcome)
    }
}
