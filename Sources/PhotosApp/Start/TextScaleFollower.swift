// Why this exists: large text as GNOME users set it (text-scaling-factor), followed live where no XSETTINGS daemon passes it to GTK (a session without gnome-settings-daemon, Xvfb): from the Settings portal, else GSettings, as the font resolution GTK lays text out with.
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class TextScaleFollower {
    static let baseDPI: Int32 = 96 * 1024
    private var gnome: Settings?
    private var portalAnswered = false
    private var factor = 1.0
    /// Whether the font resolution is ours to set: nobody (an XSETTINGS daemon) set it before.
    private var owned = false

    func start() {
        let current = DisplaySettings.xftDPI
        owned = current == -1 || current == Self.baseDPI
        guard owned else { return }
        let namespace = "org.gnome.desktop.interface", key = "text-scaling-factor"
        SettingsPortal.onNumberChanged(namespace: namespace, key: key) { [weak self] value in
            self?.portalAnswered = true
            self?.apply(value, from: "portal")
        }
        SettingsPortal.readNumber(namespace: namespace, key: key) { [weak self] value in
            guard let self else { return }
            if let value {
                self.portalAnswered = true
                self.apply(value, from: "portal")
            } else {
                self.followGnomeSettings()
            }
        }
    }

    private func followGnomeSettings() {
        guard let settings = Settings(schemaID: "org.gnome.desktop.interface", requiredKeys: ["text-scaling-factor"]) else { return }
        gnome = settings
        let read: @MainActor () -> Void = { [weak self] in
            guard let self, !self.portalAnswered else { return }
            self.apply(settings.double("text-scaling-factor"), from: "gsettings")
        }
        settings.onChanged("text-scaling-factor", read)
        read()
    }

    /// GNOME allows 0.5 to 3.
    private func apply(_ factor: Double, from source: String) {
        let factor = min(3, max(0.5, factor))
        guard factor != self.factor else { return }
        self.factor = factor
        let dpi = Int32((Double(Self.baseDPI) * factor).rounded())
        if DisplaySettings.xftDPI != dpi { DisplaySettings.xftDPI = dpi }
        Trace.shared.emit(.textScale(factor: factor, from: source))
    }
}
