// Why this exists: big galleries in the real app: 100,000 and 1,000,000 rows open, show their first rows while the rest is read (the first frame made with a screen's row widgets), and End reaches the last row, which loads; a manifest that breaks after 50,000 entries keeps those rows and names the entry at fault.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class BigManifestAppTests: XCTestCase {
    /// A folder with `photos` linked to the sample photos.
    func folder() throws -> URL {
        let directory = TemporaryFiles.url("big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("photos"), withDestinationURL: SamplePhotos.directory)
        return directory
    }

    /// A JSON array of `count` rows cycling through the sample photos; `broken` cuts it off
    /// with a fault after that many entries.
    func manifest(rows count: Int, broken: Int? = nil, in directory: URL) throws -> URL {
        let files = SamplePhotos.files
        var text = "[\n"
        text.reserveCapacity(count * 48)
        for row in 0..<count {
            if row == broken { text += "{\"name\": \"broken\" \"url\": \"x\"},\n"; break }
            text += "{\"name\":\"P\(row)\",\"url\":\"photos/\(files[row % files.count])\"}"
            text += row == count - 1 ? "\n" : ",\n"
        }
        if broken == nil { text += "]\n" }
        let url = directory.appendingPathComponent("rows-\(count).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Give the list the focus (through the viewer), then End: the last row comes into view.
    func pressEnd(_ app: AppProcess, _ xvfb: Xvfb) throws {
        // A row in the middle of the list (an error bar may sit above the first one).
        try app.focusListThroughTheViewer(xvfb, y: 300)
        try xvfb.run("xdotool", ["key", "End"])
    }

    func openAndReachTheEnd(rows count: Int) throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try manifest(rows: count, in: directory)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [file.path])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(timeout: 60), "first rows shown; stderr: \(app.stderr.suffix(300))")
        XCTAssertTrue(app.trace.wait(timeout: 120) { $0.contains { $0.event == .manifest(rows: count, source: file.absoluteString) } },
                      "all \(count) rows read; exit: \(app.process.isRunning ? "running" : String(describing: app.process.terminationStatus)), stderr: \(app.stderr.suffix(600))")
        let batches = app.trace.events.compactMap { if case .rows(let total) = $0.event { return total } else { return nil } }
        XCTAssertGreaterThan(batches.count, 1, "the rows arrived in batches: \(batches.prefix(5))…")
        XCTAssertLessThan(batches.first ?? .max, count, "the first screen showed before the last row was read")
        XCTAssertEqual(batches.last, count)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered })
        // The first frame was made with the first screen's row widgets, not GTK's 200.
        let widgets = app.trace.events.lazy.compactMap { if case .firstRowsFrame(_, let made) = $0.event { return made } else { return nil } }.first
        let shown = app.trace.events.first { $0.name == .visible }?.event.range?.count ?? 0
        XCTAssertLessThanOrEqual(widgets ?? .max, 2 * shown + 2, "row widgets made by the first frame, for \(shown) rows on screen")
        // The rest joined with no key or scroll, a few dozen rows at a time while each made a row
        // widget (GTK's 200 in one go stalled the main loop), then the others at once.
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .rowsJoined } }, app.recentEvents())
        let steps = app.trace.events.lazy.compactMap { if case .rowsJoined(_, let steps) = $0.event { return steps } else { return nil } }.first
        XCTAssertGreaterThanOrEqual(steps ?? 0, 3, "the rows held back joined in steps")
        try pressEnd(app, xvfb)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[count - 1]?.state == .filtered },
                      "the last row loads; last rest: \(String(describing: app.trace.events.last { $0.name == .scrollEnd || $0.name == .visible }?.event))")
        XCTAssertEqual(app.criticals, [])
    }

    func testAHundredThousandRowsOpenAndTheLastLoads() throws { try openAndReachTheEnd(rows: 100_000) }

    func testAMillionRowsOpenAndTheLastLoads() throws { try openAndReachTheEnd(rows: 1_000_000) }

    func testAManifestBrokenAfter50000EntriesKeepsThemAndNamesTheFault() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try manifest(rows: 60_000, broken: 50_000, in: directory)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [file.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .manifestFailed } })
        let failure = try XCTUnwrap(app.trace.events.first { $0.name == .manifestFailed })
        XCTAssertEqual(failure.reason, "line 50002, entry “#50001”: malformed JSON: expected “,” or “}” in an object",
                       "the entry at fault, and its line")
        let shown = app.trace.events.compactMap { if case .rows(let total) = $0.event { return total } else { return nil } }.last
        XCTAssertEqual(shown, 50_000, "the rows before the fault are shown")
        XCTAssertEqual(app.trace.pages.last, "list", "the list stays, with the error above it")
        try pressEnd(app, xvfb)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[49_999]?.state == .filtered }, "row 50,000 is there and loads")
        XCTAssertEqual(app.criticals, [])
    }
}
