// Why this exists: without a D-Bus session bus, GTK 4.8's accessibility bridge emits GLib-CRITICALs; turn it off in that case only.
import Foundation
import GLibRuntime
import GLibDesktop

enum SessionBusCheck {
    /// GtkApplication registers on the session bus; with none, its object path is NULL and GTK's
    /// AT-SPI code (which can still find an accessibility bus through the X root window) passes
    /// that NULL to GDBus, a CRITICAL per accessible object. Accessibility cannot work without a
    /// session bus anyway, so switch it off before GTK starts. A desktop session always has one.
    static func disableAccessibilityWithoutBus() {
        guard ProcessInfo.processInfo.environment["GTK_A11Y"] == nil, !SessionBus.isReachable else { return }
        setenv("GTK_A11Y", "none", 1)
    }
}
