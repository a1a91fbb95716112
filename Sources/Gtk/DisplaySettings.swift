// Why this exists: GtkSettings for the display: the dark variant of the theme (`gtk-application-prefer-dark-theme`), the theme's name (the high-contrast theme) and the font resolution (text scaling), which the app sets from the desktop's preferences.
import CGtk
import GLibRuntime

@MainActor
public enum DisplaySettings {
    /// Ask the theme for its dark variant (Adwaita's, in GTK 4.8 without libadwaita).
    public static var preferDarkTheme: Bool {
        get { get("gtk-application-prefer-dark-theme", booleanType) { g_value_get_boolean($0) != 0 } ?? false }
        set { set("gtk-application-prefer-dark-theme", booleanType) { g_value_set_boolean($0, newValue ? 1 : 0) } }
    }

    /// The theme's name (`gtk-theme-name`): "HighContrast" for GTK's high-contrast theme.
    public static var themeName: String? {
        get { get("gtk-theme-name", stringType) { g_value_get_string($0).map { String(cString: $0) } } ?? nil }
        set { set("gtk-theme-name", stringType) { g_value_set_string($0, newValue) } }
    }

    /// The font resolution in 1024ths of a dot per inch (`gtk-xft-dpi`; 96 × 1024 is GTK's
    /// default, -1 unset). GNOME's text scaling is this times the factor.
    public static var xftDPI: Int32 {
        get { get("gtk-xft-dpi", intType) { g_value_get_int($0) } ?? -1 }
        set { set("gtk-xft-dpi", intType) { g_value_set_int($0, newValue) } }
    }

    /// Whether widgets may animate (`gtk-enable-animations`: the desktop's reduced-motion
    /// setting, through XSETTINGS or settings.ini).
    public static var animationsEnabled: Bool {
        Self.get("gtk-enable-animations", booleanType) { g_value_get_boolean($0) != 0 } ?? true
    }

    // The fundamental GTypes (G_TYPE_BOOLEAN, G_TYPE_INT, G_TYPE_STRING are macros Swift does not import).
    private static let booleanType = GType(5 << 2), intType = GType(6 << 2), stringType = GType(16 << 2)

    private static var settings: UnsafeMutablePointer<GObject>? {
        gtk_settings_get_default().map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GObject.self) }
    }

    /// A property of `type` read through a GValue; nil without a display.
    private static func get<T>(_ name: String, _ type: GType, _ read: (UnsafeMutablePointer<GValue>) -> T) -> T? {
        guard let settings else { return nil }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        g_object_get_property(settings, name, &value)
        return read(&value)
    }

    private static func set(_ name: String, _ type: GType, _ write: (UnsafeMutablePointer<GValue>) -> Void) {
        guard let settings else { return }
        var value = GValue()
        g_value_init(&value, type)
        defer { g_value_unset(&value) }
        write(&value)
        g_object_set_property(settings, name, &value)
    }
}
