// Why this exists: the rows' thumbnail size in the real app: Ctrl+plus four times gives the rows on screen 256-pixel thumbnails, the same photo stays at the top, nothing the HTTP cache held is downloaded again, and Ctrl+0 brings the 64-pixel ones back from memory.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ThumbnailSizeAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    /// Each row's image events after the trace's `mark`th event: (source, pixels).
    func images(_ app: AppProcess, after mark: Int) -> [Int: [(ImageSource, Int)]] {
        var result: [Int: [(ImageSource, Int)]] = [:]
        for record in app.trace.events.dropFirst(mark) {
            if case .image(let row, let from, let pixels) = record.event { result[row, default: []].append((from, pixels)) }
        }
        return result
    }

    func lastRest(_ app: AppProcess, after mark: Int) -> ClosedRange<Int>? {
        app.trace.events.dropFirst(mark).last { $0.name == .visible || $0.name == .scrollEnd }?.event.range
    }

    func testCtrlPlusFourTimesShowsLargeThumbnailsOfTheSamePhotosWithoutDownloadingAgain() throws {
        let marker = UUID().uuidString
        let manifest = Self.server.baseURL.absoluteString + "/gallery.json?count=60&cache=max-age&m=\(marker)"
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest])
        defer { app.stop() }
        // Away from the top, so "the same photo at the top" is not just the first row.
        try app.focusListThroughTheViewer(xvfb, y: 300)
        let scrolled = app.trace.events.count
        try xvfb.run("xdotool", ["key", "Page_Down"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { _ in (self.lastRest(app, after: scrolled)?.lowerBound ?? 0) > 0 }, "Page_Down scrolled: \(app.recentEvents())")
        let before = try XCTUnwrap(lastRest(app, after: scrolled))
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in before.allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "the screen loaded at 64 px")
        XCTAssertTrue(images(app, after: 0).filter { before.contains($0.key) }.values.allSatisfy { $0.allSatisfy { $0.1 == 64 } },
                      "64-pixel thumbnails at first: \(images(app, after: 0))")
        let loaded = Set(app.trace.finalStates.filter { $0.value.state == .filtered }.keys)
        let requestsBefore = Self.server.requests.filter { $0.hasPrefix("/photos/") && $0.contains(marker) }.count

        let mark = app.trace.events.count
        let window = try app.mainWindow(on: xvfb)
        for key in ["ctrl+equal", "ctrl+equal", "ctrl+KP_Add", "ctrl+equal"] {
            try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", key])
        }
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.dropFirst(mark).contains { $0.event == .thumbnailSize(pixels: 256) } },
                      "four steps up from 64 is 256: \(app.trace.events.dropFirst(mark).filter { $0.name == .thumbnailSize }.map(\.event))")
        // The rows on screen now: the same photo at the top, each with a 256-pixel thumbnail.
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            guard let now = self.lastRest(app, after: mark), now.lowerBound == before.lowerBound else { return false }
            let got = self.images(app, after: mark)
            return now.allSatisfy { row in got[row]?.contains { $0.1 == 256 } ?? false }
        }, "rows from \(before.lowerBound) on show 256-pixel thumbnails; rests \(app.trace.events.dropFirst(mark).filter { [.visible, .scrollEnd, .thumbnailSize].contains($0.name) }.map(\.event)), images \(images(app, after: mark))")
        // The rows on screen were loaded before (the prefetch band may reach rows that were not).
        let onScreen = try XCTUnwrap(lastRest(app, after: mark))
        let large = images(app, after: mark).filter { onScreen.contains($0.key) && loaded.contains($0.key) }
        XCTAssertFalse(large.isEmpty)
        XCTAssertTrue(large.values.allSatisfy { $0.allSatisfy { $0.0 != .network } }, "from the caches, not downloaded: \(large)")
        let requestedAgain = Self.server.requests.filter { $0.hasPrefix("/photos/") && $0.contains(marker) }.dropFirst(requestsBefore)
        let rowsAgain = Set(requestedAgain.compactMap { $0.components(separatedBy: "row=").last?.split(separator: "&").first.flatMap { Int($0) } })
        XCTAssertTrue(rowsAgain.isDisjoint(with: loaded), "no photo downloaded again that the HTTP cache held: \(rowsAgain.intersection(loaded))")

        // Ctrl+0: the standard size, whose thumbnails memory still holds.
        let back = app.trace.events.count
        try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "ctrl+0"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in
            guard let now = self.lastRest(app, after: back) else { return false }
            let got = self.images(app, after: back)
            return now.allSatisfy { row in got[row]?.contains { $0.0 == .memory && $0.1 == 64 } ?? false }
        }, "Ctrl+0: 64-pixel thumbnails from memory: \(images(app, after: back))")
        XCTAssertEqual(app.criticals, [])
    }
}
