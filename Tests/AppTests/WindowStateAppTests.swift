// Why this exists: the window comes back at the size it was closed at, through real GSettings (a compiled schema and the keyfile backend), across two launches.
import Foundation
import TestAndBenchSupport
import XCTest

final class WindowStateAppTests: XCTestCase {
    func testWindowSizeIsRestoredOnNextLaunch() throws {
        let xvfb = try Xvfb()
        let folder = TemporaryFiles.url("classic-photos-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Both launches share one settings file.
        let environment = try PersistentSettings.environment(in: folder)

        let first = try AppProcess(display: xvfb.display, arguments: [], environment: environment)
        defer { first.stop() }
        XCTAssertTrue(first.waitForFirstRows())
        XCTAssertEqual(first.trace.events.first { $0.name == .settings }?.event, .settings(persistent: true),
                       "the app found the compiled schema")
        let window = try first.mainWindow(on: xvfb)
        XCTAssertNotEqual(try size(of: window, on: xvfb), "900x520", "the test needs a size other than the default")
        // No window manager runs here, so the resize goes straight to the window, as a user's would.
        try xvfb.run("xdotool", ["windowsize", window, "900", "520"])
        XCTAssertTrue(poll(timeout: 5, interval: 0.1) { (try? self.size(of: window, on: xvfb)) == "900x520" }, "the window took the new size")
        XCTAssertTrue(first.trace.wait(timeout: 5) { $0.contains { $0.event == .windowSize(width: 900, height: 520) } },
                      "GTK took in the new size")
        try xvfb.run("xdotool", ["windowactivate", "--sync", window])
        try xvfb.run("xdotool", ["key", "--window", window, "ctrl+w"])
        XCTAssertTrue(first.process.wait(timeout: 10), "Ctrl+W closed the window and the app quit")
        XCTAssertEqual(first.trace.events.filter { $0.name == .closing }.map(\.event), [.closing(by: "close")], "the trace says Ctrl+W closed it")
        let saved = PersistentSettings.keyfile(in: folder)
        XCTAssertTrue(saved.contains("window-width=900") && saved.contains("window-height=520"), "saved: \(saved)")

        let second = try AppProcess(display: xvfb.display, arguments: [], environment: environment)
        defer { second.stop() }
        // Seen twice in about 45 runs with both cores busy: the second launch closed its window
        // just after its rows arrived, and quit, with nothing on stderr. Said in full if it comes again.
        XCTAssertTrue(second.waitForFirstRows(), "running: \(second.process.isRunning), status: \(String(describing: second.process.terminationStatus)), "
                      + "stderr: \(second.stderr.suffix(2000)), events: \(second.recentEvents())")
        XCTAssertEqual(try size(of: try second.mainWindow(on: xvfb), on: xvfb), "900x520", "the second launch opens at the saved size")
        XCTAssertEqual(first.criticals + second.criticals, [])
    }

    func size(of window: String, on xvfb: Xvfb) throws -> String {
        let geometry = try xvfb.run("xdotool", ["getwindowgeometry", window])
        return geometry.split(separator: "\n").first { $0.contains("Geometry:") }?
            .split(separator: " ").last.map(String.init) ?? ""
    }

    /// The window-size keys have ranges (240 to 16,384): sizes outside them, written to the
    /// settings by someone else, give the default size, not a window of a billion pixels or none.
    func testASavedSizeOutOfRangeGivesTheDefault() throws {
        let xvfb = try Xvfb()
        let folder = TemporaryFiles.url("classic-photos-range-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = try PersistentSettings.environment(in: folder, keys: ["window-width=2000000000", "window-height=-5"])
        let app = try AppProcess(display: xvfb.display, arguments: [], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        XCTAssertEqual(try size(of: try app.mainWindow(on: xvfb), on: xvfb), "720x640", "the default size")
        XCTAssertEqual(app.criticals, [])
        let schema = try String(contentsOf: SamplePhotos.repositoryRoot.appendingPathComponent("data/io.github.classicphotos.ClassicPhotos.gschema.xml"), encoding: .utf8)
        for key in ["window-width", "window-height"] {
            XCTAssertTrue(schema.contains("<key name=\"\(key)\" type=\"i\">\n      <range min=\"240\" max=\"16384\"/>"), "\(key) has its range")
        }
    }
}
