// Why this exists: the window follows the desktop's light or dark style as GTK apps without libadwaita do: the Settings portal's colour scheme (and its changes), else GNOME's color-scheme key, unless the app's Style preference says light or dark.
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class ColorSchemeFollower {
    private let preferences: AppSettings
    /// GNOME's interface settings, read only where no portal answers.
    private var gnome: Settings?
    private var portalAnswered = false
    private(set) var dark: Bool?
    private var lastSource: String?

    init(preferences: AppSettings) { self.preferences = preferences }

    /// The portal's value 1 is "prefer dark"; 2 "prefer light" and 0 "no preference" are light.
    static func isDark(portalValue: UInt32) -> Bool { portalValue == 1 }

    /// The desktop's choice, as last read (the Style preference may override it).
    private var desktopDark: (dark: Bool, from: String)?
    private var started = false

    /// The Style preference changed (the primary menu): light, dark, or the desktop's again.
    func setStyle(_ style: String) {
        preferences.style = style
        applyPreferenceOrDesktop()
    }

    private func applyPreferenceOrDesktop() {
        switch preferences.style {
        case "light": apply(false, from: "preference")
        case "dark": apply(true, from: "preference")
        default: if let desktopDark { apply(desktopDark.dark, from: desktopDark.from) }
        }
    }

    /// The desktop says dark or light: taken unless the preference says otherwise.
    private func desktop(_ dark: Bool, from source: String) {
        desktopDark = (dark, source)
        applyPreferenceOrDesktop()
    }

    func start() {
        guard !started else { return }
        started = true
        applyPreferenceOrDesktop()
        let namespace = "org.freedesktop.appearance", key = "color-scheme"
        SettingsPortal.onUInt32Changed(namespace: namespace, key: key) { [weak self] value in
            self?.portalAnswered = true
            self?.desktop(Self.isDark(portalValue: value), from: "portal")
        }
        SettingsPortal.readUInt32(namespace: namespace, key: key) { [weak self] value in
            guard let self else { return }
            if let value {
                self.portalAnswered = true
                self.desktop(Self.isDark(portalValue: value), from: "portal")
            } else {
                self.followGnomeSettings()
            }
        }
    }

    /// No portal: GNOME's `org.gnome.desktop.interface` `color-scheme`, where that schema is installed.
    private func followGnomeSettings() {
        guard let settings = Settings(schemaID: "org.gnome.desktop.interface", requiredKeys: ["color-scheme"]) else { return desktop(false, from: "gsettings") }
        gnome = settings
        let read: @MainActor () -> Void = { [weak self] in
            guard let self, !self.portalAnswered else { return }
            self.desktop(settings.string("color-scheme") == "prefer-dark", from: "gsettings")
        }
        settings.onChanged("color-scheme", read)
        read()
    }

    private func apply(_ dark: Bool, from source: String) {
        guard dark != self.dark || source != lastSource else { return }
        lastSource = source
        self.dark = dark
        // Set only when it changes: setting GtkSettings' property, even to its value, reloads the
        // theme and restyles every widget (tens of milliseconds on the main thread).
        if DisplaySettings.preferDarkTheme != dark { DisplaySettings.preferDarkTheme = dark }
        Trace.shared.emit(.colorScheme(dark: dark, from: source))
    }
}
