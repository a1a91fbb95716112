// Why this exists: the desktop's apps for a type of file (GIO's, from the installed desktop files and the user's choices), to offer the user the others when they ask to open a photo in another app, and to open it with the one they chose; and the app for a kind of address (the manual's `help:`, Yelp's).
import GLibRuntime
import CGLib

public struct DesktopApp: Sendable, Equatable {
    /// The desktop file's name ("org.gnome.eog.desktop").
    public let id: String
    public let name: String
}

public enum DesktopApps {
    /// The apps for `contentType`, the recommended ones first, without `excluding` (a desktop
    /// file's name: this app's own).
    public static func forType(_ contentType: String, excluding: String) -> [DesktopApp] {
        var apps: [DesktopApp] = []
        for list in [g_app_info_get_recommended_for_type(contentType), g_app_info_get_all_for_type(contentType)] {
            var node = list
            while let current = node {
                let info = OpaquePointer(current.pointee.data)
                if let id = g_app_info_get_id(info).map({ String(cString: $0) }), id != excluding, !apps.contains(where: { $0.id == id }),
                   g_app_info_should_show(info) != 0 {
                    apps.append(DesktopApp(id: id, name: g_app_info_get_display_name(info).map { String(cString: $0) } ?? id))
                }
                node = current.pointee.next
            }
            g_list_free_full(list) { g_object_unref($0) }
        }
        return apps
    }

    /// The desktop file of the default app for `contentType`, if there is one.
    public static func defaultApp(for contentType: String) -> String? {
        guard let info = g_app_info_get_default_for_type(contentType, 0) else { return nil }
        defer { g_object_unref(info.raw) }
        return g_app_info_get_id(info).map { String(cString: $0) }
    }

    /// Open `uri` with the app whose desktop file is `id`; the reason when that is not possible.
    @discardableResult
    public static func open(_ uri: String, with id: String) -> String? {
        let all = g_app_info_get_all()
        defer { g_list_free_full(all) { g_object_unref($0) } }
        var node = all
        var found: OpaquePointer?
        while let current = node, found == nil {
            let info = OpaquePointer(current.pointee.data)
            if g_app_info_get_id(info).map({ String(cString: $0) }) == id { found = info }
            node = current.pointee.next
        }
        guard let info = found else { return "“\(id)” is not installed" }
        let uris = g_list_append(nil, strdup(uri))
        defer { g_list_free_full(uris) { free($0) } }
        do throws(GLibError) {
            _ = try withGError { g_app_info_launch_uris(info, uris, nil, $0) }
            return nil
        } catch {
            return error.message
        }
    }

    /// Open `uri` with the desktop's app for its scheme (`help:` is Yelp's); the reason when that
    /// is not possible (`noApp`: nothing handles the scheme here).
    public static func open(_ uri: String) -> (opened: Bool, noApp: Bool, reason: String?) {
        let scheme = String(uri.prefix { $0 != ":" })
        guard let info = g_app_info_get_default_for_uri_scheme(scheme) else { return (false, true, nil) }
        defer { g_object_unref(info.raw) }
        let uris = g_list_append(nil, strdup(uri))
        defer { g_list_free_full(uris) { free($0) } }
        do throws(GLibError) {
            _ = try withGError { g_app_info_launch_uris(info, uris, nil, $0) }
            return (true, false, nil)
        } catch {
            return (false, false, error.message)
        }
    }

    /// The content type a file's name says (no read).
    public static func contentType(forName name: String) -> String {
        takeString(g_content_type_guess(name, nil, 0, nil)) ?? "application/octet-stream"
    }
}
