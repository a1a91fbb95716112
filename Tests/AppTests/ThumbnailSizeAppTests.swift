// Why this exists: the rows' thumbnail size in the real app: Ctrl+plus four times gives the rows on screen 256-pixel thumbnails, the same photo stays at the top, nothing the HTTP cache held is downloaded again, and Ctrl+0 brings the 64-pixel ones back from memory; while a sharper image is on its way, a row keeps its image, scaled to the new size; at scale 2 thumbnails are made at device pixels and shared in the bucket that covers them.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoFetching

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
    /// Ctrl+plus while the photos must be downloaded again (no-store) from a slow server: for
    /// those seconds the first row shows its old image scaled to the new 96-pixel slot, not a
    /// placeholder, on screen.
    func testARowKeepsItsImageScaledUntilTheSharperOneArrives() throws {
        let manifest = Self.server.baseURL.absoluteString + "/gallery.json?count=20&cache=no-store&delay=4000&m=\(UUID().uuidString)"
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, "row 0 in sepia at 64 px")
        // The sepia picture's bounding box in the first row's thumbnail slot (warm pixels: red
        // well above blue; the window and a placeholder are grey).
        // (Down to `end`: the row's bottom, above the next row's thumbnail.)
        func sepiaBox(_ screen: Screenshot, end: Int) -> (width: Int, height: Int) {
            var (left, right, top, bottom) = (Int.max, -1, Int.max, -1)
            for y in 50..<end {
                for x in 0..<200 {
                    let (r, g, b) = screen.rgb(x: x, y: y)
                    guard r - b >= 25, r >= g, g >= b else { continue }
                    (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
                }
            }
            return right < 0 ? (0, 0) : (right - left + 1, bottom - top + 1)
        }
        var shot = 0
        func screen() throws -> Screenshot {
            shot += 1
            let path = app.directory.appendingPathComponent("keep-\(shot).png").path
            try xvfb.screenshot(to: path)
            return try Screenshot(path: path)
        }
        let small = sepiaBox(try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("keep-64.png").path), end: 150)
        XCTAssertEqual(max(small.width, small.height), 64, accuracy: 3, "the 64-pixel thumbnail first")

        let mark = app.trace.events.count
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "ctrl+equal"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.dropFirst(mark).contains { $0.event == .thumbnailSize(pixels: 96) } }, "one step up is 96")
        // The row at 96 px with the old image scaled up (checked until it is; the sharper one is
        // at least 4 s away).
        var scaled = (width: 0, height: 0)
        let kept = poll(timeout: 3) { scaled = (try? sepiaBox(screen(), end: 185)) ?? (0, 0); return max(scaled.width, scaled.height) >= 93 }
        let sharper = app.trace.events.dropFirst(mark).contains { if case .image(0, _, 96) = $0.event { return true } else { return false } }
        XCTAssertFalse(sharper, "the screenshots were taken before the 96-pixel image arrived")
        XCTAssertTrue(kept, "the old image, scaled to the 96-pixel slot, while the sharper one downloads: \(scaled)")
        // Then the sharper one arrives.
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.dropFirst(mark).contains { if case .image(0, _, 96) = $0.event { return true } else { return false } } },
                      "the 96-pixel image arrives: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    /// At scale 2 (GDK_SCALE=2: Xvfb has no HiDPI screen, GDK's own override gives one), a
    /// 192-point thumbnail is made at 384 device pixels and shared in the `x-large` (512) bucket,
    /// the smallest of the thumbnail spec's that covers it; a step down to 128 points gives 256
    /// device pixels, from those.
    func testAtScaleTwoThumbnailsAreMadeAtDevicePixelsInTheXLargeBucket() throws {
        let local = TemporaryFiles.url("scale-two-\(UUID().uuidString)")
        let cacheHome = TemporaryFiles.url("scale-two-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: local); try? FileManager.default.removeItem(at: cacheHome) }
        // Photos larger than 384 pixels.
        for name in ["chelsea.png", "rocket.jpg", "cell.png"] { try SamplePhotos.data(name).write(to: local.appendingPathComponent(name)) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--thumbnail-size", "192", local.path],
                                 environment: ["GDK_SCALE": "2", "XDG_CACHE_HOME": cacheHome.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the three rows in sepia: \(app.recentEvents())")
        let made = images(app, after: 0)
        XCTAssertTrue((0..<3).allSatisfy { made[$0]?.contains { $0.1 == 384 } ?? false }, "384 device pixels for 192 points at scale 2: \(made)")
        func files(_ bucket: String) -> [String] {
            (try? FileManager.default.contentsOfDirectory(atPath: cacheHome.appendingPathComponent("thumbnails/\(bucket)").path))?
                .filter { $0.hasSuffix(".png") } ?? []
        }
        XCTAssertEqual(files("x-large").count, 3, "shared in x-large")
        XCTAssertEqual(files("large"), [], "not in large (256), which would be blurry at 384")
        // A step down, to 128 points: 256 device pixels, from the x-large ones shared (a larger
        // bucket serves a smaller size).
        let mark = app.trace.events.count
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "ctrl+minus"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            let got = self.images(app, after: mark)
            return (0..<3).allSatisfy { got[$0]?.contains { $0 == (.thumbnailCache, 256) } ?? false }
        }, "256 device pixels for 128 points, from the shared thumbnails: \(images(app, after: mark))")
        XCTAssertEqual(app.criticals, [])
    }
}
