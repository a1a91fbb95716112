// Why this exists: large text as GNOME users set it (text-scaling-factor), followed live where no XSETTINGS daemon passes it to GTK (a session without gnome-settings-daemon, Xvfb): from the Settings portal, else GSettings, as the font resolution GTK lays text out with.
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
final class TextScaleFollower {
    static let baseDPI: Int32 = 96 * 1024
    private var factor = 1.0
    private lazy var setting = DesktopSetting(
        portal: "org.gnome.desktop.interface", "text-scaling-factor", else: "org.gnome.desktop.interface", "text-scaling-factor", absent: 1,
        read: { $0.double("text-scaling-factor") },
        changed: { [weak self] value, source in self?.apply(value, from: source.rawValue) })

    /// Where each change is said.
    private let trace: Trace
    init(trace: Trace) { self.trace = trace }

    func start() {
        // Only where nobody (an XSETTINGS daemon) set the font resolution before.
        let current = DisplaySettings.xftDPI
        guard current == -1 || current == Self.baseDPI else { return }
        setting.start()
    }

    /// GNOME allows 0.5 to 3.
    private func apply(_ factor: Double, from source: String) {
        let factor = min(3, max(0.5, factor))
        guard factor != self.factor else { return }
        self.factor = factor
        let dpi = Int32((Double(Self.baseDPI) * factor).rounded())
        if DisplaySettings.xftDPI != dpi { DisplaySettings.xftDPI = dpi }
        trace.emit(.textScale(factor: factor, from: source))
    }
}
