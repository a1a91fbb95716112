// Why this exists: the real app under Xvfb, driven by real X input (wheel clicks, a scrollbar drag) over 2,000 rows with 100 ms image latency.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ScrollingAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)
    static let downloadWidth = 6

    /// Launch on a 2,000-row gallery and wait until the first screen is being worked on.
    func launch(_ xvfb: Xvfb) throws -> AppProcess {
        let manifest = Self.server.baseURL.appendingPathComponent("gallery.json").absoluteString + "?count=2000&delay=100"
        let app = try AppProcess(display: xvfb.display, arguments: [manifest])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "manifest; stderr: \(app.stderr)")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .started } }, "first screen starts")
        return app
    }

    func assertScreenShowsOwnThumbnails(_ xvfb: Xvfb, _ app: AppProcess, visible: ClosedRange<Int>, name: String,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("\(name).png").path)
        let files = SamplePhotos.files
        var positions: [Int] = []
        // Rows cut by the viewport's edges cannot match whole; check the ones fully on screen.
        guard visible.count > 2 else {
            return XCTFail("the rest showed \(visible.count) row(s), \(visible): too few to be a screen", file: file, line: line)
        }
        for row in (visible.lowerBound + 1)..<visible.upperBound {
            let match = screen.bestMatch(try ExpectedThumbnails.sepia(files[row % files.count], box: 256), xs: 12..<40, ys: 40..<660)
            XCTAssertLessThan(match.difference, 4, "row \(row) shows its own sepia thumbnail (\(files[row % files.count]), best \(match))",
                              file: file, line: line)
            positions.append(match.y)
        }
        XCTAssertEqual(positions, positions.sorted(), "rows in order on screen", file: file, line: line)
    }

    func testWheelFlingSuspendsThenLoadsOnlyTheRowsOnScreen() throws {
        // Each burst's rest starts work for the rows it shows; the next burst cancels it.
        let xvfb = try Xvfb()
        let app = try launch(xvfb)
        defer { app.stop() }
        let bursts = try app.fling(xvfb, to: 950, bursts: 150)
        let visible = try app.waitForScrollRest()
        XCTAssertGreaterThanOrEqual(visible.lowerBound, 950, "the fling reached row 1,000 or so: \(visible) after \(bursts) bursts")

        try assertScrollRules(xvfb, app, visible: visible, name: "wheel fling")
    }

    /// A burst of wheel clicks that carries the list past its end comes to rest on a screen of
    /// rows: GTK 4.8's list left the screen blank below row 1,993 (every time, idle), and the app
    /// has it show the rows that follow (`list-gap`).
    func testAWheelBurstPastTheEndComesToRestOnAScreenOfRows() throws {
        let xvfb = try Xvfb()
        let app = try launch(xvfb)
        defer { app.stop() }
        // The scrollbar dragged a third of the way, then 400 wheel clicks at once. Under load the
        // overlay scrollbar can be slow to show, and a press before it shows drags nothing: the
        // drag is made again if no scroll began.
        for _ in 0..<2 {
            let before = app.trace.events.count
            try xvfb.run("xdotool", ["mousemove", "714", "300", "sleep", "0.3", "mousemove", "714", "56", "sleep", "0.3",
                                     "mousedown", "1", "mousemove", "714", "250", "mouseup", "1"])
            if app.trace.wait(timeout: 10, until: { $0.dropFirst(before).contains { $0.name == .scrollBegin } }) { break }
        }
        _ = try app.waitForScrollRest(filtered: false)
        try xvfb.run("xdotool", ["mousemove", "360", "300", "click", "--repeat", "400", "--delay", "0", "5"])
        let visible = try app.waitForScrollRest()
        XCTAssertEqual(visible.upperBound, 1999, "at the end: \(visible)")
        XCTAssertGreaterThanOrEqual(visible.count, 5, "a screen of rows: \(visible)")
        try assertScreenShowsOwnThumbnails(xvfb, app, visible: visible, name: "burst-past-the-end")
    }

    func testScrollbarDragSuspendsThenLoadsOnlyTheRowsOnScreen() throws {
        let xvfb = try Xvfb()
        let app = try launch(xvfb)
        defer { app.stop() }
        // Reveal the overlay scrollbar at the right edge, press on it, drag down, release.
        try xvfb.run("xdotool", ["mousemove", "714", "300", "sleep", "0.3", "mousemove", "714", "56", "sleep", "0.3", "mousedown", "1"])
        for y in stride(from: 60, through: 340, by: 20) {
            try xvfb.run("xdotool", ["mousemove", "714", "\(y)", "sleep", "0.03"])
        }
        try xvfb.run("xdotool", ["mouseup", "1"])
        let visible = try app.waitForScrollRest()
        XCTAssertGreaterThan(visible.lowerBound, 100, "the drag moved the list: \(visible)")

        try assertScrollRules(xvfb, app, visible: visible, name: "scrollbar drag")
    }

    /// What every scroll must leave behind: no work started while scrolling, work only for
    /// rows on screen (or prefetched) after, at most a queue's width wasted, the right pixels.
    func assertScrollRules(_ xvfb: Xvfb, _ app: AppProcess, visible: ClosedRange<Int>, name: String,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let wasted = app.assertScrollTraceRules(wastingAtMost: Self.downloadWidth, file: file, line: line)
        print("\(name): rest at \(visible), \(ScrollTraceChecks(events: app.trace.events).restingVisible.count) rest(s), wasted downloads \(wasted.count): \(wasted)")
        try assertScreenShowsOwnThumbnails(xvfb, app, visible: visible, name: name.replacingOccurrences(of: " ", with: "-"), file: file, line: line)
        XCTAssertEqual(app.criticals, [], file: file, line: line)
    }
}
