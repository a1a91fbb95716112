// Why this exists: the slideshow (Shift+F5) under Xvfb, read by the app's trace and its session bus: it goes full screen and moves on at the interval chosen (never before it), each next photo decoded on the viewer's queue before its turn, Space pauses it (no move while paused) and goes on, it loops when asked, Escape ends it and leaves full screen, and the session is asked not to go idle while it runs (GTK's inhibit, for idle, seen on the bus).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class SlideshowAppTests: XCTestCase {
    func viewerEvents(_ app: AppProcess) -> [(t: Double, event: TraceEvent)] {
        app.trace.events.filter { $0.name == .viewer }.map { ($0.t, $0.event) }
    }

    /// The time of the first viewer event `event` after `index` events, within `timeout`.
    func time(of event: TraceEvent, after index: Int, in app: AppProcess, timeout: TimeInterval = 15) -> Double? {
        var found: Double?
        _ = app.trace.wait(timeout: timeout) { _ in
            found = self.viewerEvents(app).dropFirst(index).first { $0.event == event }?.t
            return found != nil
        }
        return found
    }

    func testSlideshowAdvancesPausesLoopsAndEnds() throws {
        let folder = TemporaryFiles.url("slideshow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, sample) in ["coffee.png", "brick.png", "camera.png"].enumerated() {
            try SamplePhotos.data(sample).write(to: folder.appendingPathComponent("\(index) \(sample)"))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path], portals: true)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try app.setActionState("slideshow-interval", "3")
        try app.setActionState("slideshow-loop", true)
        // Every Inhibit call on the app's bus (the session manager's or the portal's).
        let monitorLog = app.directory.appendingPathComponent("monitor.txt")
        let logFile = open(monitorLog.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(logFile, 0)
        let monitor = try ChildProcess("/usr/bin/dbus-monitor", ["--address", app.busAddress, "type='method_call',member='Inhibit'"],
                                       stdout: logFile)
        close(logFile)
        defer { monitor.stop() }
        usleep(500_000)
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])

        // Shift+F5 in the gallery: the first photo, full screen, and each next one after 3 s.
        try xvfb.run("xdotool", ["key", "shift+F5"])
        let started = try XCTUnwrap(time(of: .viewer(row: 0, action: .slideshow), after: 0, in: app), "began: \(app.recentEvents())")
        XCTAssertNotNil(time(of: .viewer(row: 0, action: .fullscreen), after: 0, in: app), "full screen")
        let second = try XCTUnwrap(time(of: .viewer(row: 1, action: .moved), after: 0, in: app), "moved on: \(app.recentEvents())")
        XCTAssertGreaterThanOrEqual(second - started, 2.9, "not before its 3 s")
        XCTAssertNotNil(time(of: .viewer(row: 2, action: .moved), after: 0, in: app), "the third")
        // Each next photo was decoded on the viewer's queue before its turn: no frame waits on a decode.
        let events = app.trace.events
        for row in [1, 2] {
            let decoded = events.firstIndex { $0.event == .finished(queue: .viewer, row: row) }
            let shown = events.firstIndex { $0.event == .viewer(row: row, action: .moved) }
            XCTAssertNotNil(decoded, "row \(row) was decoded on the viewer's queue")
            if let decoded, let shown { XCTAssertLessThan(decoded, shown, "row \(row) was ready before its turn") }
        }
        // Looping: after the last, the first again.
        XCTAssertNotNil(time(of: .viewer(row: 0, action: .moved), after: 0, in: app), "loops to the first")
        // The Inhibit call asks for idle (8), with the reason; here it goes to the portal (no
        // session manager on the test's bus, whose portal backend then refuses it: GTK's cookie
        // is 0 and there is nothing to let go, so letting go is not seen here).
        let monitored = { (try? String(contentsOf: monitorLog, encoding: .utf8)) ?? "" }
        XCTAssertTrue(poll(timeout: 10) {
            let calls = monitored().components(separatedBy: "method call").filter { $0.contains("member=Inhibit") }
            return calls.contains { $0.contains("uint32 8") && $0.contains("Showing a slideshow") }
        }, "the session is asked not to go idle: \(monitored())")

        // Space pauses: nothing moves for longer than the interval; Space again goes on.
        try xvfb.run("xdotool", ["key", "space"])
        let paused = viewerEvents(app).count
        XCTAssertNotNil(time(of: .viewer(row: 0, action: .paused), after: paused - 1, in: app), "paused")
        usleep(4_500_000)
        XCTAssertFalse(viewerEvents(app).dropFirst(paused).contains { if case .viewer(_, .moved) = $0.event { true } else { false } },
                       "no move while paused: \(viewerEvents(app).dropFirst(paused))")
        try xvfb.run("xdotool", ["key", "space"])
        XCTAssertNotNil(time(of: .viewer(row: 0, action: .resumed), after: paused, in: app), "goes on")
        XCTAssertNotNil(time(of: .viewer(row: 1, action: .moved), after: paused, in: app), "and moves on")

        // Escape ends it, out of full screen, on the photo shown.
        let before = viewerEvents(app).count
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertNotNil(time(of: .viewer(row: 1, action: .windowed), after: before, in: app), "out of full screen")
        XCTAssertNotNil(time(of: .viewer(row: 1, action: .ended), after: before, in: app), "ended")
        XCTAssertEqual(app.trace.events.last { $0.name == .page }?.event, .page(name: "viewer"), "still in the viewer")
        usleep(4_000_000)
        XCTAssertFalse(viewerEvents(app).dropFirst(before).contains { if case .viewer(_, .moved) = $0.event { true } else { false } },
                       "no move after the end")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }
}
