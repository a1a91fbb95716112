// Why this exists: the window follows the desktop's high-contrast setting live: the Settings portal's org.freedesktop.appearance contrast where the portal offers it, else GNOME's org.gnome.desktop.a11y.interface high-contrast key; GTK's HighContrast theme then draws everything, the app's own row view included.
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
final class ContrastFollower {
    private(set) var high: Bool?
    /// The theme in use before high contrast replaced it (restored when it goes).
    private var usualTheme: String?
    private lazy var setting = DesktopSetting(
        portal: "org.freedesktop.appearance", "contrast", else: "org.gnome.desktop.a11y.interface", "high-contrast", absent: 0,
        read: { $0.bool("high-contrast") ? 1 : 0 },
        changed: { [weak self] value, source in self?.apply(value == 1, from: source.rawValue) })

    /// Where each change is said.
    private let trace: Trace
    init(trace: Trace) { self.trace = trace }

    func start() { setting.start() }

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
        trace.emit(.contrast(high: high, from: source))
    }
}
