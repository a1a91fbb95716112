// Why this exists: a folder shown in the desktop's file manager (Open Folder after an export): org.freedesktop.FileManager1.ShowFolders on the session bus, as GNOME Files, Nemo, Dolphin and others serve it; else the desktop's default app for folders, unless that is this app.
import GLibRuntime
import CGLib

@MainActor
public enum FolderInFileManager {
    /// Show the folder `uri`, asynchronously; `done` gets nil once it was handed over, or the
    /// reason it could not be. `appID` is this app's: it never opens the folder itself.
    public static func show(_ uri: String, appID: String, _ done: @escaping @MainActor (String?) -> Void) {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return done(fallback(uri, appID: appID)) }
        defer { g_object_unref(bus.raw) }
        let box = Unmanaged.passRetained(ClosureBox<(String, String, @MainActor (String?) -> Void)>((uri, appID, done))).toOpaque()
        let replied: GAsyncReadyCallback = { source, result, data in
            let box = Unmanaged<ClosureBox<(String, String, @MainActor (String?) -> Void)>>.fromOpaque(data!).takeRetainedValue()
            let value = g_dbus_connection_call_finish(OpaquePointer(source), result, nil)
            if let value { g_variant_unref(value) }
            let (uri, appID, done) = box.fn
            MainActor.assumeIsolated { done(value != nil ? nil : FolderInFileManager.fallback(uri, appID: appID)) }
        }
        // (ass): the folders, and a startup id (none).
        var uris: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(uri))]
        defer { uris.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        var children: [OpaquePointer?] = [g_variant_new_strv(&uris, 1), g_variant_new_string("")]
        g_dbus_connection_call(bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1",
                               "ShowFolders", g_variant_new_tuple(&children, 2), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, replied, box)
    }

    /// No file manager answers on the bus: the default app for folders, if there is one and it is
    /// not this app.
    static func fallback(_ uri: String, appID: String) -> String? {
        guard let id = DesktopApps.defaultApp(for: "inode/directory") else { return "no file manager is installed" }
        guard id != appID + ".desktop" else { return "no file manager is installed" }
        return DesktopApps.open(uri, with: id)
    }
}
