// Why this exists: the grid in the real app under Xvfb, driven by real X input: a wheel fling over 2,000 cells keeps every scroll rule cell by cell (nothing starts while scrolling, only the cells on screen after, the ones that left cancelled) and each cell on screen shows its own sepia thumbnail and is read by its own name over AT-SPI; the keyboard moves through cells and Back returns to the same one; the size steps size the cells, each layout keeping its own.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class GridAppTests: XCTestCase {
    /// Small cells: many on a screen, and a quick search for each on the screenshot.
    static let cellSize = 64

    func testAFlingKeepsTheRulesCellByCellAndNoCellShowsAnotherPhoto() throws {
        let xvfb = try Xvfb()
        let manifest = ScrollingAppTests.server.baseURL.appendingPathComponent("gallery.json").absoluteString + "?count=2000&delay=100"
        let app = try AppProcess(display: xvfb.display, arguments: ["--view", "grid", "--thumbnail-size", "\(Self.cellSize)", manifest])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .layout(name: "grid") } }, app.recentEvents())
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .started } }, "the first screen starts")
        let bursts = try app.fling(xvfb, to: 300, bursts: 100)
        let visible = try app.waitForScrollRest()
        XCTAssertGreaterThanOrEqual(visible.lowerBound, 300, "the fling reached cell 300 or so: \(visible) after \(bursts) bursts")
        XCTAssertGreaterThan(visible.count, 10, "a grid's screen holds many cells: \(visible)")

        app.assertScrollTraceRules(wastingAtMost: ScrollingAppTests.downloadWidth)

        // Cells from the middle of the screen (whole ones), each in its column (the trace says
        // how many): its own photo's sepia thumbnail, not one a recycled cell showed before.
        let columns = try XCTUnwrap(app.trace.events.compactMap { if case .gridColumns(let count) = $0.event { count } else { nil } }.last)
        XCTAssertGreaterThan(columns, 1, "a grid of several columns")
        XCTAssertEqual(visible.lowerBound % columns, 0, "a grid shows whole rows of \(columns): \(visible)")
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("grid.png").path)
        let geometry = try xvfb.run("xdotool", ["getwindowgeometry", try app.mainWindow(on: xvfb)])
        let windowWidth = try XCTUnwrap(geometry.split(separator: "\n").first { $0.contains("Geometry:") }?
            .split(separator: " ").last?.split(separator: "x").first.flatMap { Int($0) })
        let files = SamplePhotos.files
        let middle = visible.lowerBound + (visible.count / 2 / columns) * columns
        var tops: [Int] = []
        for cell in middle..<(middle + min(columns, 3)) {
            let column = cell % columns, width = windowWidth / columns
            let expected = try ExpectedThumbnails.sepia(files[cell % files.count], size: Self.cellSize, box: 256)
            // The first cell is looked for down the whole column; the others of its grid row beside it.
            let ys = tops.first.map { ($0 - 4)..<($0 + 5) } ?? 40..<(screen.height - 20)
            let match = screen.bestMatch(expected, xs: max(0, column * width - 12)..<min(screen.width, (column + 1) * width + 12), ys: ys)
            XCTAssertLessThan(match.difference, 4, "cell \(cell) shows its own sepia thumbnail (\(files[cell % files.count]), best \(match))")
            tops.append(match.y)
        }
        // A screen reader reads each cell on screen by its own photo's name: a recycled cell was
        // named again as it was bound, not left with the name of the first photo it showed.
        func named() -> Set<Int> {
            Set(((try? AccessibleNames.read(app)) ?? []).compactMap { entry in
                entry.name.hasPrefix("Photo ") ? entry.name.dropFirst(6).split(separator: ",").first.flatMap { Int($0) } : nil
            })
        }
        XCTAssertTrue(poll(timeout: 15) { visible.allSatisfy(named().contains) },
                      "the cells on screen \(visible) by their names; named: \(named().filter { $0 >= visible.lowerBound - 40 }.sorted())")
        XCTAssertEqual(app.criticals, [])
    }

    /// A folder of 40 photos in the grid: Right, Right and Enter open the third cell; Escape,
    /// then Down and Enter open the cell a whole grid row below; Escape and Enter open that same
    /// cell again (the focus came back to it).
    func testKeysMoveThroughCellsAndBackReturnsToTheSameCell() throws {
        let folder = TemporaryFiles.url("grid-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<40 {
            try TestImages.encoded(width: 60, height: 40, type: "jpeg") { x, y in [UInt8(index * 6), UInt8(x * 4), UInt8(y * 6)] }
                .write(to: folder.appendingPathComponent(String(format: "p%02d.jpg", index)))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--view", "grid", folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<8).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try app.focusListThroughTheViewer(xvfb, x: 80, y: 110)
        func opened() -> [Int] { app.trace.events.compactMap { if case .viewer(let row, .opened) = $0.event { row } else { nil } } }
        func open(_ keys: [String]) throws -> Int? {
            let before = opened().count
            try xvfb.run("xdotool", ["key"] + keys + ["Return"])
            XCTAssertTrue(app.trace.wait(timeout: 10) { _ in opened().count > before }, "Enter opened the viewer: \(app.recentEvents())")
            return opened().last
        }
        func back() throws {
            try xvfb.run("xdotool", ["key", "Escape"])
            XCTAssertTrue(app.trace.wait(timeout: 10) { $0.last { if case .viewer(_, _) = $0.event { true } else { false } }.map {
                if case .viewer(_, .closed) = $0.event { true } else { false } } ?? false }, "Escape went back")
        }
        XCTAssertEqual(try open(["Home", "Right", "Right"]), 2)
        try back()
        let below = try XCTUnwrap(try open(["Down"]))
        XCTAssertGreaterThan(below, 3, "Down moved a whole grid row: cell \(below)")
        try back()
        XCTAssertEqual(try open([]), below, "Back returned the focus to the same cell")
        XCTAssertEqual(app.criticals, [])
    }

    /// The size steps size the grid's cells; each layout keeps its own size.
    func testSizeStepsInTheGridAndEachLayoutKeepsItsOwn() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.sampleManifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        func sizes() -> [Int] { app.trace.events.compactMap { if case .thumbnailSize(let pixels) = $0.event { pixels } else { nil } } }
        func press(_ key: String, _ expected: Int, _ what: String) throws {
            try xvfb.run("xdotool", ["key", key])
            XCTAssertTrue(app.trace.wait(timeout: 10) { _ in sizes().last == expected }, "\(what): \(sizes())")
        }
        try press("ctrl+2", 128, "the grid starts at its own, larger size")
        XCTAssertTrue(app.trace.events.contains { $0.event == .layout(name: "grid") })
        try press("ctrl+plus", 192, "a step up sizes the cells")
        try press("ctrl+1", 64, "the list keeps its own size")
        try press("ctrl+2", 192, "the grid kept the size it was given")
        try press("ctrl+0", 128, "Ctrl+0: the grid's standard size")
        XCTAssertEqual(app.criticals, [])
    }
}
