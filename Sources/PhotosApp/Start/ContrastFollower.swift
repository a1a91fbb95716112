// Why this exists: the window follows the desktop's high-contrast setting live: the Settings portal's org.freedesktop.appearance contrast where the portal offers it, else GNOME's org.gnome.desktop.a11y.interface high-contrast key; GTK's HighContrast theme then draws everything, the app's own row view included.
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class ContrastFollower {
    private var gnome: Settings?
    private var portalAnswered = false
    private(set) var high: Bool?
    /// The theme in use before high contrast replaced it (restored when it goes).
    private var usualTheme: String?

    func start() {
        let namespace = "org.freedesktop.appearance", key = "contrast"
        SettingsPortal.onUInt32Changed(namespace: namespace, key: key) { [weak self] value in
            self?.portalAnswered = true
            self?.apply(value == 1, from: "portal")
        }
        SettingsPortal.readUInt32(namespace: namespace, key: key) { [weak self] value in
            guard let self else { return }
            if let value {
                self.portalAnswered = true
                self.apply(value == 1, from: "portal")
            } else {
                self.followGnomeSettings()
            }
        }
    }

    /// The portal has no `contrast` (xdg-desktop-portal before 1.18) or none runs: GNOME's key.
    private func followGnomeSettings() {
        guard let settings = Settings(schemaID: "org.gnome.desktop.a11y.interface", requiredKeys: ["high-contrast"]) else { return }
        gnome = settings
        let read: @MainActor () -> Void = { [weak self] in
            guard let self, !self.portalAnswered else { return }
            self.apply(settings.bool("high-contrast"), from: "gsettings")
        }
        settings.onChanged("high-contrast", read)
        read()
    }

    private func apply(_ high: Bool, from source: String) {
        guard high != self.high else { return }
        let wasHigh = self.high ?? false
        self.high = high
        if high != wasHigh {
            if high {
                usualTheme = DisplaySettings.themeName
                DisplaySettings.themeName = "HighContrast"
            } else {
                DisplaySettings.themeName = usualTheme ?? "Adwaita"
            }
        }
        Trace.shared.emit(.contrast(high: high, from: source))
    }
}
