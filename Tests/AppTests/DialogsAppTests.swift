// Why this exists: the About dialog, the shortcuts window and the Open dialog open and close, twice, without a CRITICAL (closing About once dropped a reference GTK owned).
import Foundation
import TestAndBenchSupport
import XCTest

final class DialogsAppTests: XCTestCase {
    func testDialogsOpenAndCloseCleanly() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } })
        for _ in 0..<2 {
            try app.activateAction("about")
            usleep(800_000)
            try xvfb.run("xdotool", ["key", "Escape"])
            usleep(500_000)
            try xvfb.run("xdotool", ["key", "ctrl+question"])
            usleep(800_000)
            try xvfb.run("xdotool", ["key", "Escape"])
            usleep(500_000)
            try xvfb.run("xdotool", ["key", "ctrl+o"])
            usleep(1_000_000)
            try xvfb.run("xdotool", ["key", "Escape"])
            usleep(500_000)
        }
        XCTAssertTrue(app.process.isRunning, "the app is still running; stderr: \(app.stderr.suffix(400))")
        XCTAssertEqual(app.criticals, [])
    }
}
