// Why this exists: the operations inspector under Xvfb: opened with its shortcut, its unfinished bars moving on with the clock while no event comes, its counts read over AT-SPI agree with the trace once quiet, the suspended mark shows while scrolling, a width of 1 holds in the trace, badges say network and then memory after a reload, and Export writes the session's trace.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class InspectorAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func names(_ app: AppProcess) -> [String] { ((try? AccessibleNames.read(app)) ?? []).map(\.name) }


    /// No new trace line for `seconds`: the queues are quiet.
    func waitQuiet(_ app: AppProcess, seconds: Double = 2, timeout: TimeInterval = 60) -> Bool {
        var count = -1, since = Date()
        return poll(timeout: timeout) {
            let now = app.trace.events.filter { $0.name != .frame && $0.name != .phases && $0.name != .stall }.count
            if now != count { count = now; since = Date() }
            return Date().timeIntervalSince(since) >= seconds
        }
    }

    /// "Download queue: 12 finished" → 12, read over AT-SPI.
    func count(_ names: [String], _ queue: String, _ what: String) -> Int? {
        for name in names where name.hasPrefix(queue + ": ") && name.hasSuffix(" " + what) {
            return Int(name.dropFirst(queue.count + 2).dropLast(what.count + 1))
        }
        return nil
    }

    func traceCount(_ app: AppProcess, _ name: TraceEvent.Name, _ queue: Stage) -> Int {
        app.trace.events.filter { $0.name == name && $0.event.queue == queue }.count
    }

    /// Launch on a gallery of the test server, widen the window and open the inspector with its shortcut.
    func launchWithInspector(_ xvfb: Xvfb, gallery query: String) throws -> AppProcess {
        let app = try AppProcess(display: xvfb.display,
                                 arguments: [Self.server.baseURL.absoluteString + "/gallery.json?\(query)&m=\(UUID().uuidString)"])
        XCTAssertTrue(app.waitForFirstRows())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["windowsize", "--sync", window, "1100", "700"])
        try xvfb.run("xdotool", ["key", "ctrl+shift+o"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .inspector(open: true) } }, "Ctrl+Shift+O opened it")
        return app
    }

    func testCountsMatchTheTraceSuspendedMarkAndWidth() throws {
        let xvfb = try Xvfb()
        let app = try launchWithInspector(xvfb, gallery: "count=2000&delay=1500")
        defer { app.stop() }

        // While the wheel turns (the first screen still downloading) the queues are suspended,
        // and the panel says so.
        // (Long enough that a screen-reader read, slow on a loaded machine, falls inside it.)
        let scroll = try ChildProcess("xdotool", ["mousemove", "300", "350", "click", "--repeat", "150", "--delay", "70", "5"],
                                      environment: ["DISPLAY": xvfb.display, "PATH": "/usr/bin:/bin"])
        XCTAssertTrue(poll(timeout: 10) { self.names(app).contains("Download queue suspended") },
                      "the suspended mark while scrolling: \(names(app).prefix(40))")
        XCTAssertTrue(scroll.wait(timeout: 30), "the wheel clicks were all sent")
        XCTAssertTrue(app.trace.events.contains { $0.event == .suspended(queue: .download) })

        // Once quiet, the counts read over AT-SPI are the trace's. The panel redraws at most ten
        // times a second, so it may show the quiet state a moment after the trace: wait for it.
        XCTAssertTrue(waitQuiet(app), "the queues went quiet")
        var quiet: [String] = []
        XCTAssertTrue(poll(timeout: 10) {
            quiet = self.names(app)
            return !quiet.contains("Download queue suspended") && [Stage.download, .filtration].allSatisfy { queue in
                let label = queue == .download ? "Download queue" : "Filtration queue"
                return self.count(quiet, label, "finished") == self.traceCount(app, .finished, queue)
                    && self.count(quiet, label, "cancelled") == self.traceCount(app, .cancelled, queue)
                    && self.count(quiet, label, "running") == 0
            }
        }, "the panel caught up with the trace")
        XCTAssertFalse(quiet.contains("Download queue suspended"), "no longer suspended")
        for queue in [Stage.download, .filtration] {
            let label = queue == .download ? "Download queue" : "Filtration queue"
            XCTAssertEqual(count(quiet, label, "finished"), traceCount(app, .finished, queue), "\(label) finished")
            XCTAssertEqual(count(quiet, label, "cancelled"), traceCount(app, .cancelled, queue), "\(label) cancelled")
            XCTAssertEqual(count(quiet, label, "running"), 0, "\(label) running")
        }
        XCTAssertGreaterThan(traceCount(app, .cancelled, .download), 0, "scrolling cancelled some downloads")

        // Alt+D focuses the downloads' width: 1.
        try xvfb.run("xdotool", ["key", "alt+d", "ctrl+a", "1", "Return"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .width(queue: .download, width: 1) } }, "the width changed")
        let changed = app.trace.events.count
        // New rows: further down, rows never shown; near the gallery's end (a fast machine's 150
        // clicks reach row 1,994 of 2,000), back up over rows the wheel passed without loading. (Up
        // alone failed on loaded cores: the wheel had moved less, and those rows had all loaded.)
        let lastShown = app.trace.events.reversed().lazy.compactMap { if case .visible(let rows) = $0.event { rows.last } else { nil } }.first ?? 0
        try xvfb.run("xdotool", ["mousemove", "300", "350", "click", "--repeat", "8", "--delay", "70", lastShown < 1_900 ? "5" : "4"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { events in
            events.dropFirst(changed).filter { if case .finished(.download, _) = $0.event { return true } else { return false } }.count >= 4
        }, "downloads ran after the change; the trace ends:\n\(app.recentEvents())")
        var running: Set<Int> = [], most = 0, started = 0
        for record in app.trace.events.dropFirst(changed) {
            switch record.event {
            case .started(.download, let row): running.insert(row); started += 1; most = max(most, running.count)
            case .finished(.download, let row), .cancelled(.download, let row): running.remove(row)
            default: break
            }
        }
        XCTAssertGreaterThan(started, 3, "downloads ran after the change")
        let downloads = app.trace.events.dropFirst(changed).filter { $0.event.queue == .download }.map { "\($0.t) \($0.event)" }
        XCTAssertLessThanOrEqual(most, 1, "at most one download at a time: \(downloads.prefix(40))")
        XCTAssertEqual(app.criticals, [])
    }

    /// With downloads the server holds and no event coming, the panel still moves on with the
    /// clock: its unfinished bars grow (an update a second), so a screenshot of it soon differs from one taken before.
    func testTheUnfinishedBarsMoveOnWithTheClock() throws {
        let xvfb = try Xvfb()
        let app = try launchWithInspector(xvfb, gallery: "count=12&delay=60000")
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .started(.download, _) = $0.event { true } else { false } } }, "downloads start")
        XCTAssertTrue(waitQuiet(app, seconds: 1.5), "then nothing happens: \(app.recentEvents())")
        func events() -> Int { app.trace.events.filter { $0.name != .frame && $0.name != .phases && $0.name != .stall }.count }
        let eventsBefore = events()
        func screenshot() throws -> Screenshot {
            let path = app.directory.appendingPathComponent("clock.png").path
            try xvfb.screenshot(to: path)
            return try Screenshot(path: path)
        }
        let first = try screenshot()
        // The panel, right of the list (the rows' spinners turn on the left), until it changes.
        func changed(_ other: Screenshot) -> Int {
            var count = 0
            for y in stride(from: 40, to: min(first.height, other.height, 690), by: 2) {
                for x in stride(from: 800, to: min(first.width, other.width, 1095), by: 2) where first.rgb(x: x, y: y) != other.rgb(x: x, y: y) { count += 1 }
            }
            return count
        }
        // (Until it changes, or an event comes: a change then would not be the clock's.)
        var pixels = 0
        _ = poll(timeout: 15, interval: 0.5) {
            guard events() == eventsBefore else { return true }
            pixels = (try? screenshot()).map(changed) ?? 0
            return pixels > 20
        }
        XCTAssertGreaterThan(pixels, 20, "the panel moved on with the clock")
        XCTAssertEqual(events(), eventsBefore, "no event came meanwhile: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    func testBadgesAndExport() throws {
        let xvfb = try Xvfb()
        let app = try launchWithInspector(xvfb, gallery: "count=30&cache=max-age")
        defer { app.stop() }
        // Alt+B: badges on.
        try xvfb.run("xdotool", ["key", "alt+b"])
        XCTAssertTrue(poll(timeout: 20) { self.names(app).contains("From the network") }, "a network badge on first load: \(names(app).prefix(60))")
        XCTAssertTrue(waitQuiet(app))
        // Reload: the rows keep their images, from memory.
        try xvfb.run("xdotool", ["key", "F5"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .image(0, .memory, _) = $0.event { true } else { false } } })
        XCTAssertTrue(poll(timeout: 20) { self.names(app).contains("From memory") }, "a memory badge after the reload")

        // Export (Ctrl+Shift+E): the session's trace, as --trace wrote it so far.
        func export(to path: String) throws {
            try xvfb.run("xdotool", ["key", "ctrl+shift+e"])
            XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains("Export Trace") }, "the Export dialog")
            // Keys go where the focus is: wait until the chooser's name field has it, type, and
            // press Enter only once the field holds the whole path.
            func nameField() -> AccessibleNames.Focused? {
                (try? AccessibleNames.focused(app))?.first { $0.role == "text" && $0.name == "Name:" }
            }
            XCTAssertTrue(poll(timeout: 10) { nameField() != nil }, "the name field has the focus")
            try xvfb.run("xdotool", ["key", "ctrl+a"])
            try xvfb.run("xdotool", ["type", "--delay", "20", path])
            XCTAssertTrue(poll(timeout: 10) { nameField()?.text == path }, "the name field holds \(path): \(String(describing: nameField()))")
            try xvfb.run("xdotool", ["key", "Return"])
        }
        let exported = app.directory.appendingPathComponent("exported.jsonl").path
        try export(to: exported)
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .exported(path: exported, ok: true) } }, "exported")
        XCTAssertTrue(poll(timeout: 10) { self.names(app).contains("Exported to \(exported)") }, "the panel says where")
        let written = try String(contentsOfFile: exported, encoding: .utf8).split(separator: "\n")
        let traced = try String(contentsOfFile: app.trace.path, encoding: .utf8).split(separator: "\n")
        XCTAssertGreaterThan(written.count, 50)
        XCTAssertEqual(Array(traced.prefix(written.count)), written, "the export is the trace so far, line for line")
        // Where nothing may be written (not even by root), the panel says so, with the reason.
        try export(to: "/proc/classic-photos-trace.jsonl")
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .exported(path: "/proc/classic-photos-trace.jsonl", ok: false) } },
                      "the export failed")
        XCTAssertTrue(poll(timeout: 10) { self.names(app).contains { $0.hasPrefix("Could not export the trace: /proc/classic-photos-trace.jsonl: ") } },
                      "the reason is shown: \(names(app).filter { $0.contains("export") })")
        XCTAssertEqual(app.criticals, [])
    }
}
