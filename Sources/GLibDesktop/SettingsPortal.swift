// Why this exists: the desktop's appearance settings (colour scheme, contrast, text size) as apps outside GNOME Shell read them: the Settings portal (org.freedesktop.portal.Settings) on the session bus, its Read reply (a variant in a variant) and its SettingChanged signal.
import GLibRuntime
import CGLib

@MainActor
public enum SettingsPortal {
    static let name = "org.freedesktop.portal.Desktop"
    static let path = "/org/freedesktop/portal/desktop"
    static let interface = "org.freedesktop.portal.Settings"

    /// Read a number setting (a `u`: `org.freedesktop.appearance` `color-scheme`; a `d`: GNOME's
    /// `text-scaling-factor`) as a Double. `reply` gets nil when no portal answers or the setting
    /// is not there. Not started on demand (auto-start off): a desktop session runs the portal;
    /// where none runs, the caller falls back at once.
    public static func readNumber(namespace: String, key: String, _ reply: @escaping @MainActor (Double?) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return reply(nil) }
        defer { g_object_unref(bus.raw) }
        let box = Unmanaged.passRetained(ClosureBox<@MainActor (Double?) -> Void>(reply)).toOpaque()
        let done: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<ClosureBox<@MainActor (Double?) -> Void>>.fromOpaque(data!).takeRetainedValue()
            let value = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
            let number = value.flatMap { SettingsPortal.number(in: $0) }
            if let value { g_variant_unref(value) }
            MainActor.assumeIsolated { box.fn(number) }
        }
        // (ss): the tuple takes the two floating strings.
        var children: [OpaquePointer?] = [g_variant_new_string(namespace), g_variant_new_string(key)]
        let parameters = g_variant_new_tuple(&children, 2)
        g_dbus_connection_call(bus, name, path, interface, "Read", parameters,
                               nil, G_DBUS_CALL_FLAGS_NO_AUTO_START, 2000, nil, done, box)
    }

    /// Call `changed` with the new value (as a Double) each time the portal says the setting of
    /// `namespace` and `key` changed. The subscription lasts for the app's life.
    public static func onNumberChanged(namespace: String, key: String, _ changed: @escaping @MainActor (Double) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return }
        defer { g_object_unref(bus.raw) }
        let wanted = (namespace, key, changed)
        let box = Unmanaged.passRetained(ClosureBox<(String, String, @MainActor (Double) -> Void)>(wanted)).toOpaque()
        let signal: GDBusSignalCallback = { _, _, _, _, _, parameters, data in
            let box = Unmanaged<ClosureBox<(String, String, @MainActor (Double) -> Void)>>.fromOpaque(data!).takeUnretainedValue()
            guard let parameters, g_variant_n_children(parameters) == 3 else { return }
            let namespace = SettingsPortal.string(g_variant_get_child_value(parameters, 0))
            let key = SettingsPortal.string(g_variant_get_child_value(parameters, 1))
            guard namespace == box.fn.0, key == box.fn.1, let value = g_variant_get_child_value(parameters, 2) else { return }
            defer { g_variant_unref(value) }
            guard let number = SettingsPortal.number(in: value) else { return }
            MainActor.assumeIsolated { box.fn.2(number) }
        }
        let release: GDestroyNotify = { data in Unmanaged<SignalBox>.fromOpaque(data!).release() }
        g_dbus_connection_signal_subscribe(bus, name, interface, "SettingChanged", path, nil, G_DBUS_SIGNAL_FLAGS_NONE, signal, box, release)
    }

    /// The number at the bottom of `value`'s variants, as a Double (a `u` or a `d`).
    nonisolated static func number(in value: OpaquePointer) -> Double? {
        guard let inner = innermost(value) else { return nil }
        defer { g_variant_unref(inner) }
        switch String(cString: g_variant_get_type_string(inner)) {
        case "u": return Double(g_variant_get_uint32(inner))
        case "d": return g_variant_get_double(inner)
        default: return nil
        }
    }

    /// The value inside `value`'s variants and one-element tuples (a new reference).
    nonisolated static func innermost(_ value: OpaquePointer) -> OpaquePointer? {
        var current = g_variant_ref(value)!
        while true {
            switch String(cString: g_variant_get_type_string(current)) {
            case "v":
                let inner = g_variant_get_variant(current)!
                g_variant_unref(current)
                current = inner
            case "(v)":
                let inner = g_variant_get_child_value(current, 0)!
                g_variant_unref(current)
                current = inner
            default: return current
            }
        }
    }

    /// A string child (released here).
    nonisolated static func string(_ value: OpaquePointer?) -> String? {
        guard let value else { return nil }
        defer { g_variant_unref(value) }
        guard String(cString: g_variant_get_type_string(value)) == "s" else { return nil }
        return String(cString: g_variant_get_string(value, nil))
    }
}
