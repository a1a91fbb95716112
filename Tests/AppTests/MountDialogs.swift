// Why this exists: GTK's mount dialog (a share's password, or anonymous) found on screen and answered, and the app's Open Location typed into, for the share tests of every scheme.
import Foundation
import PhotoTrace
import TestAndBenchSupport

enum MountDialogs {
    /// How each mount ended, as the trace says.
    static func mounted(_ app: AppProcess) -> [String] {
        app.trace.events.compactMap { if case .shareMounted(_, let outcome) = $0.event { outcome } else { nil } }
    }

    /// A dialog once it is on screen: a window of the app's besides `known`, large enough to be
    /// one (a tooltip or a helper window of GDK's is not).
    static func find(_ app: AppProcess, _ xvfb: Xvfb, besides known: Set<String>) -> String? {
        var found: String?
        _ = poll(timeout: 30) {
            found = app.visibleWindowIDs(on: xvfb).subtracting(known).first { isDialogSized($0, on: xvfb) }
            return found != nil
        }
        return found
    }

    static func isDialogSized(_ window: String, on xvfb: Xvfb) -> Bool {
        guard let geometry = try? xvfb.run("xdotool", ["getwindowgeometry", window]),
              let line = geometry.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
              let size = line.split(separator: " ").last?.split(separator: "x"), size.count == 2,
              let width = Int(size[0]), let height = Int(size[1]) else { return false }
        return width >= 150 && height >= 80
    }

    /// Type `text` and Enter into a dialog of the app's just shown (Open Location), which takes the focus as it is presented
    /// (given a moment to put it in its field).
    /// The first key after a dialog maps can be lost before GTK has put the focus in its field:
    /// a key that changes nothing (End) goes first, and the field is emptied before the text.
    static func type(_ text: String, into window: String, on xvfb: Xvfb) throws {
        Thread.sleep(forTimeInterval: 0.5)
        try xvfb.run("xdotool", ["key", "End", "ctrl+a", "BackSpace"])
        try xvfb.run("xdotool", ["type", "--delay", "10", text])
        try xvfb.run("xdotool", ["key", "Return"])
    }

    /// Fill in the dialog's password and press Connect, through AT-SPI as assistive technology
    /// does: GTK 4.8's mount dialog drops the letters xdotool types (its keys reach the field's
    /// GtkText, Tab and Ctrl+A work, no text arrives; the same in a 20-line Python GTK program), so
    /// typing sends an empty password.
    static func answer(_ app: AppProcess, password: String) throws -> Bool {
        // The dialog reaches AT-SPI a moment after it maps.
        guard poll(timeout: 15, { (try? AccessibleNames.fill(app, "Password", with: password)) == true }) else { return false }
        return try AccessibleNames.press(app, "Connect")
    }

    /// Wait until the dialog's password field is on screen to AT-SPI: by then the dialog takes
    /// keys (one pressed as it maps can be lost).
    static func waitUntilReady(_ app: AppProcess) -> Bool {
        poll(timeout: 15) { (try? AccessibleNames.extents(app, ofNameStartingWith: "Password")) != nil }
    }

    /// Choose Anonymous and press Connect. A check box has no AT-SPI action in GTK 4.8, and a
    /// mnemonic typed as the dialog maps can be lost: Anonymous is clicked where AT-SPI says it is.
    static func answerAnonymously(_ app: AppProcess, _ dialog: String, on xvfb: Xvfb) throws -> Bool {
        var found: (x: Int, y: Int, width: Int, height: Int)?
        // The dialog reaches AT-SPI a moment after it maps.
        _ = poll(timeout: 15) { found = try? AccessibleNames.extents(app, ofNameStartingWith: "_Anonymous"); return found != nil }
        guard let box = found,
              let geometry = try? xvfb.run("xdotool", ["getwindowgeometry", dialog]),
              let line = geometry.split(separator: "\n").first(where: { $0.contains("Position:") }),
              let origin = line.split(separator: " ").dropFirst().first?.split(separator: ","), origin.count == 2,
              let left = Int(origin[0]), let top = Int(origin[1]) else { return false }
        try xvfb.run("xdotool", ["mousemove", String(left + box.x + box.width / 2), String(top + box.y + box.height / 2), "click", "1"])
        return try AccessibleNames.press(app, "Connect")
    }
}
