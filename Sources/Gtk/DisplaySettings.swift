// Why this exists: GtkSettings for the display: the dark variant of the theme (`gtk-application-prefer-dark-theme`) the theme's name (the high-contrast theme) and the font resolution (text scaling), which the app sets from the desktop's preferences.
import CGtk
import GLibRuntime

@MainActor
public enum DisplaySettings {
    /// Ask the theme for its dark variant (Adwaita's, in GTK 4.8 without libadwaita).
    public static var preferDarkTheme: Bool {
        get { boolProperty("gtk-application-prefer-dark-theme") }
        set { setBoolProperty("gtk-application-prefer-dark-theme", newValue) }
    }

    /// The theme's name (`gtk-theme-name`): "HighContrast" for GTK's high-contrast theme.
    public static var themeName: String? {
        get {
            guard let settings = gtk_settings_get_default() else { return nil }
            var value = GValue()
            g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
            defer { g_value_unset(&value) }
            g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
            return g_value_get_string(&value).map { String(cString: $0) }
        }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            var value = GValue()
            g_value_init(&value, GType(16 << 2)) // G_TYPE_STRING
            defer { g_value_unset(&value) }
            g_value_set_string(&value, newValue)
            g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
        }
    }

    /// The font resolution in 1024ths of a dot per inch (`gtk-xft-dpi`; 96 × 1024 is GTK's
    /// default, -1 unset). GNOME's text scaling is this times the factor.
    public static var xftDPI: Int32 {
        get {
            guard let settings = gtk_settings_get_default() else { return -1 }
            var value = GValue()
            g_value_init(&value, GType(6 << 2)) // G_TYPE_INT
            defer { g_value_unset(&value) }
            g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-xft-dpi", &value)
            return g_value_get_int(&value)
        }
        set {
            guard let settings = gtk_settings_get_default() else { return }
            var value = GValue()
            g_value_init(&value, GType(6 << 2)) // G_TYPE_INT
            defer { g_value_unset(&value) }
            g_value_set_int(&value, newValue)
            g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-xft-dpi", &value)
        }
    }

    private static func boolProperty(_ name: String) -> Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    private static func setBoolProperty(_ name: String, _ on: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), name, &value)
    }
}
