// Why this exists: Rotate seen in the viewer under Xvfb: the picture turns at once, eased over several frames, or in one step when the desktop turns animations off (reduced motion); the picture held, turned in memory, then replaces it, and nothing is loaded again; a refused turn turns the picture back.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ViewerTurnAppTests: XCTestCase {
    func angles(_ app: AppProcess, row: Int) -> [Double] {
        app.trace.events.compactMap { if case .turning(row, let angle) = $0.event { angle } else { nil } }
    }

    func turns(_ app: AppProcess) -> [String?] {
        app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason } else { nil } }
    }

    func testTheViewerTurnsThePictureEasedOrAtOnce() throws {
        let folder = TemporaryFiles.url("viewer-turn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var frames: [Bool: Int] = [:]
        for animations in [false, true] {
            let photos = folder.appendingPathComponent("photos-\(animations)")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            let coffee = SamplePhotos.directory.appendingPathComponent("coffee.png").path
            _ = try Tool.run("/usr/bin/convert", [coffee, "-resize", "300x200", photos.appendingPathComponent("a.png").path])
            _ = try Tool.run("/usr/bin/convert", [coffee, "-resize", "300x200", photos.appendingPathComponent("b.gif").path])
            let config = folder.appendingPathComponent("config-\(animations)")
            try FileManager.default.createDirectory(at: config.appendingPathComponent("gtk-4.0"), withIntermediateDirectories: true)
            try Data("[Settings]\ngtk-enable-animations=\(animations)\n".utf8).write(to: config.appendingPathComponent("gtk-4.0/settings.ini"))
            let xvfb = try Xvfb()
            let app = try AppProcess(display: xvfb.display, arguments: [photos.path], environment: ["XDG_CONFIG_HOME": config.path])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
            XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer: \(app.recentEvents())")

            // Turned: the picture turns to 90° at once, then the picture held, turned in memory,
            // replaces it; the watcher's report of the file loads nothing again.
            let before = app.trace.events.count
            try xvfb.run("xdotool", ["key", "ctrl+r"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 1 }, app.recentEvents())
            XCTAssertEqual(turns(app), [nil])
            XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(before).contains { $0.event == .viewer(row: 0, action: .turned) } },
                          "the turned picture shown, from memory: \(app.recentEvents())")
            // The 300 × 200 photo, shown 200 × 300 (the assertion this test made of the file's
            // picture before Ctrl+R was applied in memory).
            XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(before).contains {
                if case .fullImage(0, 200, 300, _, _, _) = $0.event { true } else { false } } }, "the turned picture, its sides swapped: \(app.recentEvents())")
            XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(before).contains { $0.event == .turnKept(row: 0) } },
                          "the watcher's report of the file came: \(app.recentEvents())")
            XCTAssertFalse(app.trace.events.dropFirst(before).contains { $0.event == .queued(queue: .viewer, row: 0) },
                           "nothing loaded again: \(app.recentEvents())")
            let forward = angles(app, row: 0)
            XCTAssertEqual(forward.last, 90, "\(animations): turned a quarter clockwise: \(forward)")
            XCTAssertEqual(forward, forward.sorted(), "\(animations): it only turns one way")
            frames[animations] = forward.count

            // Refused (a GIF): it turns back.
            try xvfb.run("xdotool", ["key", "Right"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } })
            try xvfb.run("xdotool", ["key", "ctrl+r"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 2 && self.angles(app, row: 1).last == 0 }, "\(animations): turned back: \(angles(app, row: 1))")
            XCTAssertNotNil(turns(app).last ?? nil, "the GIF was refused")
            if !animations { XCTAssertEqual(angles(app, row: 1), [90, 0], "at once, and back") }
            XCTAssertEqual(app.criticals, [])
        }
        XCTAssertEqual(frames[false], 1, "animations off: the picture turns in one step")
        XCTAssertGreaterThan(frames[true] ?? 0, 2, "animations on: it eases over frames")
    }
}
