// Why this exists: the About dialog, the shortcuts window, the Open and Open Folder dialogs each appear when asked and go away on Escape, twice, without a CRITICAL (closing About once dropped a reference GTK owned).
import Foundation
import TestAndBenchSupport
import XCTest

final class DialogsAppTests: XCTestCase {
    func testDialogsOpenAndCloseCleanly() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        let main = try app.mainWindow(on: xvfb)
        let dialogs: [(open: () throws -> Void, title: String)] = [
            ({ try app.activateAction("about") }, "About Classic Photos"),
            ({ try xvfb.run("xdotool", ["key", "ctrl+question"]) }, "Keyboard Shortcuts"),
            ({ try xvfb.run("xdotool", ["key", "ctrl+o"]) }, "Open Gallery Manifest"),
            ({ try xvfb.run("xdotool", ["key", "ctrl+alt+o"]) }, "Open Folder"),
        ]
        for round in 1...2 {
            for dialog in dialogs {
                // No window manager here: give the main window the keyboard focus directly.
                try xvfb.run("xdotool", ["windowfocus", "--sync", main])
                try dialog.open()
                XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains(dialog.title) },
                              "round \(round): “\(dialog.title)” appeared; windows: \(app.visibleWindowTitles(on: xvfb))")
                try xvfb.run("xdotool", ["key", "Escape"])
                XCTAssertTrue(poll(timeout: 10) { !app.visibleWindowTitles(on: xvfb).contains(dialog.title) },
                              "round \(round): Escape closed “\(dialog.title)”")
            }
        }
        XCTAssertTrue(app.process.isRunning, "the app is still running; stderr: \(app.stderr.suffix(400))")
        XCTAssertEqual(app.criticals, [])
    }
}
