// Why this exists: GNOME's keys and mouse buttons, driven with real input under Xvfb: Ctrl+R no longer reloads (F5 does), Alt+Return shows the viewer's Details as F9 does, Ctrl+1 and Ctrl+2 zoom the viewer to 100 % and 200 % without switching the gallery's layout, and the mouse's back and forward buttons (8 and 9) move between photos.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class GnomeKeysAppTests: XCTestCase {
    func zoomed(_ app: AppProcess, to level: Double) -> Bool {
        app.trace.wait(timeout: 10) { $0.contains { if case .zoom(_, let zoom) = $0.event { abs(zoom - level) < 0.01 } else { false } } }
    }

    func moved(_ app: AppProcess, to row: Int) -> Bool {
        app.trace.wait(timeout: 10) { $0.last { $0.name == .viewer }?.event == .viewer(row: row, action: .moved) }
    }

    func testGnomeKeysAndMouseButtons() throws {
        let folder = TemporaryFiles.url("gnome-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ViewerAppTests.gradientPNG().write(to: folder.appendingPathComponent("a gradient.png"))
        try SamplePhotos.data("coffee.png").write(to: folder.appendingPathComponent("b coffee.png"))
        try SamplePhotos.data("brick.png").write(to: folder.appendingPathComponent("c brick.png"))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])

        // Ctrl+R is Rotate in GNOME's viewers, not Reload: nothing loads again. F5 reloads.
        let loads = { app.trace.events.filter { $0.name == .manifest }.count }
        let loadedOnce = loads()
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        usleep(1_500_000)
        XCTAssertEqual(loads(), loadedOnce, "Ctrl+R does not reload")
        try xvfb.run("xdotool", ["key", "F5"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in loads() > loadedOnce }, "F5 reloads: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } })
        XCTAssertEqual(loads(), loadedOnce + 1, "F5 loaded once; Ctrl+R no time")

        var opened = false
        for _ in 0..<3 where !opened {
            try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
            opened = app.trace.wait(timeout: 10) { $0.contains { if case .fullImage(0, _, _, _, _, _) = $0.event { true } else { false } } }
        }
        XCTAssertTrue(opened, "the viewer shows the first photo: \(app.recentEvents())")
        let layouts = app.trace.events.filter { $0.name == .layout }.count

        // Ctrl+2: 200 %; Ctrl+1: 100 %. The gallery's own Ctrl+1 and Ctrl+2 (list, grid) stay
        // the gallery's: its layout does not change under the viewer.
        try xvfb.run("xdotool", ["key", "ctrl+2"])
        XCTAssertTrue(zoomed(app, to: 2), "Ctrl+2: 200 %: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "ctrl+1"])
        XCTAssertTrue(zoomed(app, to: 1), "Ctrl+1: 100 %: \(app.recentEvents())")
        XCTAssertEqual(app.trace.events.filter { $0.name == .layout }.count, layouts, "the gallery's layout did not change")

        // Alt+Return shows Details (the photo's pixel size among them), and hides them again.
        let detailsShown = { ((try? AccessibleNames.labelTexts(app)) ?? []).contains { $0.text.contains("1,800 × 1,200") } }
        XCTAssertFalse(detailsShown(), "Details start hidden")
        try xvfb.run("xdotool", ["key", "alt+Return"])
        XCTAssertTrue(poll(timeout: 10) { detailsShown() }, "Alt+Return: Details")
        try xvfb.run("xdotool", ["key", "alt+Return"])
        XCTAssertTrue(poll(timeout: 10) { !detailsShown() }, "Alt+Return again: hidden")

        // The mouse's forward button (9) goes to the next photo, back (8) to the one before.
        try xvfb.run("xdotool", ["mousemove", "640", "400", "click", "9"])
        XCTAssertTrue(moved(app, to: 1), "button 9: the next photo: \(app.recentEvents())")
        try xvfb.run("xdotool", ["click", "9"])
        XCTAssertTrue(moved(app, to: 2), "button 9 again")
        try xvfb.run("xdotool", ["click", "8"])
        XCTAssertTrue(moved(app, to: 1), "button 8: the one before")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }
}
