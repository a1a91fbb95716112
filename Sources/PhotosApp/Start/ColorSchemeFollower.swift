// Why this exists: the window follows the desktop's light or dark style as GTK apps without libadwaita do: the Settings portal's colour scheme (and its changes), else GNOME's color-scheme key, unless the app's Style preference says light or dark.
import GalleryViews
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
final class ColorSchemeFollower {
    private let preferences: AppSettings
    private(set) var dark: Bool?
    private var lastSource: String?

    /// Where each change is said.
    private let trace: Trace

    init(preferences: AppSettings, trace: Trace) {
        self.preferences = preferences
        self.trace = trace
    }

    /// The portal's value 1 is "prefer dark"; 2 "prefer light" and 0 "no preference" are light.
    static func isDark(portalValue: Double) -> Bool { portalValue == 1 }

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

    /// The portal's 1 is "prefer dark"; GNOME's key says "prefer-dark".
    private lazy var setting = DesktopSetting(
        portal: "org.freedesktop.appearance", "color-scheme", else: "org.gnome.desktop.interface", "color-scheme", absent: 0,
        read: { $0.string("color-scheme") == "prefer-dark" ? 1 : 0 },
        changed: { [weak self] value, source in self?.desktop(Self.isDark(portalValue: value), from: source.rawValue) })

    func start() {
        guard !started else { return }
        started = true
        applyPreferenceOrDesktop()
        setting.start()
    }

    private func apply(_ dark: Bool, from source: String) {
        guard dark != self.dark || source != lastSource else { return }
        lastSource = source
        self.dark = dark
        // Set only when it changes: setting GtkSettings' property, even to its value, reloads the
        // theme and restyles every widget (tens of milliseconds on the main thread).
        if DisplaySettings.preferDarkTheme != dark { DisplaySettings.preferDarkTheme = dark }
        trace.emit(.colorScheme(dark: dark, from: source))
    }
}
