// Why this exists: the cache hierarchy in the real app: a second launch shows the gallery from disk with no photo downloaded again, its first screen started before the list's first layout; with a small memory cache, rows scrolled away are evicted and come back from disk, not the network; Clear Cache empties the app's cache but not the desktop's thumbnails; an unwritable cache folder is said once and the app works.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoFetching

final class CacheAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func folder() throws -> URL {
        let folder = TemporaryFiles.url("cache-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    func photoRequests(_ marker: String) -> Int { Self.server.requests.filter { $0.hasPrefix("/photos/") && $0.contains(marker) }.count }

    func sources(_ app: AppProcess) -> [Int: [ImageSource]] {
        var result: [Int: [ImageSource]] = [:]
        for record in app.trace.events { if case .image(let row, let from, _) = record.event { result[row, default: []].append(from) } }
        return result
    }

    func firstScreenFiltered(_ app: AppProcess) -> ClosedRange<Int>? {
        guard app.trace.wait(timeout: 30, until: { $0.contains { $0.name == .visible } }),
              let visible = app.trace.events.first(where: { $0.name == .visible })?.event.range,
              app.trace.wait(timeout: 60, until: { _ in visible.allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }) else { return nil }
        return visible
    }

    func testASecondLaunchDownloadsNoPhotoAgain() throws {
        let marker = UUID().uuidString
        let cacheHome = try folder().path
        let manifest = Self.server.baseURL.absoluteString + "/gallery.json?count=40&delay=100&cache=max-age&m=\(marker)"
        let xvfb = try Xvfb()
        let first = try AppProcess(display: xvfb.display, arguments: [manifest], environment: ["XDG_CACHE_HOME": cacheHome])
        let visible = try XCTUnwrap(firstScreenFiltered(first), "first launch: the first screen filtered")
        XCTAssertTrue(visible.allSatisfy { sources(first)[$0]?.first == .network })
        first.stop()
        let downloaded = photoRequests(marker)
        XCTAssertGreaterThanOrEqual(downloaded, visible.count)

        let second = try AppProcess(display: xvfb.display, arguments: [manifest], environment: ["XDG_CACHE_HOME": cacheHome])
        defer { second.stop() }
        let again = try XCTUnwrap(firstScreenFiltered(second))
        // Its first screen started before the list was laid out, and the rows expected from the
        // window's size were those it showed.
        let expected = second.trace.events.firstIndex { $0.name == .expectedScreen }
        let laidOut = second.trace.events.firstIndex { $0.name == .visible }
        XCTAssertLessThan(expected ?? .max, laidOut ?? .min, "the expected screen started before the first layout")
        XCTAssertEqual(expected.flatMap { second.trace.events[$0].event.range }, again, "the rows expected are the rows shown")
        XCTAssertTrue(again.allSatisfy { sources(second)[$0] == [.httpCache] }, "every row came from the HTTP cache: \(sources(second))")
        // Rows the first launch had loaded were not requested again (rows only this launch
        // prefetches may be).
        let loadedBefore = Set(first.trace.finalStates.filter { $0.value.state == .filtered }.keys)
        let requestedNow = Self.server.requests.dropFirst(0).filter { $0.hasPrefix("/photos/") && $0.contains(marker) }.dropFirst(downloaded)
        let rowsNow = Set(requestedNow.compactMap { $0.components(separatedBy: "row=").last?.split(separator: "&").first.flatMap { Int($0) } })
        XCTAssertTrue(rowsNow.isDisjoint(with: loadedBefore), "no photo body downloaded again for a row loaded before: \(rowsNow.intersection(loadedBefore))")
        XCTAssertEqual(second.criticals, [])
    }

    /// A 1 MiB memory cache (GSettings), 2,000 rows: scrolling away evicts rows; scrolling back
    /// refills them from the HTTP cache on disk.
    func testEvictedRowsComeBackFromDiskNotTheNetwork() throws {
        let marker = UUID().uuidString
        let work = try folder()
        var environment = try PersistentSettings.environment(in: work, keys: ["memory-cache-size=1"])
        environment["XDG_CACHE_HOME"] = work.appendingPathComponent("cache").path
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [Self.server.baseURL.absoluteString + "/gallery.json?count=2000&cache=max-age&m=\(marker)"],
                                 environment: environment)
        defer { app.stop() }
        let top = try XCTUnwrap(firstScreenFiltered(app))
        XCTAssertEqual(app.trace.events.first { $0.name == .settings }?.event, .settings(persistent: true), "the 1 MiB setting is read")
        // The keyboard moves exactly (the wheel accelerates by a varying amount): a click on a
        // row opens it, Escape comes back to the list with the focus, then Page Down and Home.
        // The row clicked is near the bottom of the screen: GtkListView's Page Down moves the
        // focus a page on, so from there every press leaves the screen and scrolls (from the top
        // row, the first press only moved the focus to the bottom row, and nothing scrolled).
        try app.focusListThroughTheViewer(xvfb, y: 400)
        /// Press `key` and wait for the rest, letting that screen load.
        func press(_ key: String) {
            let ends = app.trace.events.filter { $0.name == .scrollEnd }.count
            XCTAssertNoThrow(try xvfb.run("xdotool", ["key", key]))
            XCTAssertTrue(app.trace.wait(timeout: 5) { $0.filter { $0.name == .scrollEnd }.count > ends }, "\(key) scrolled the list; the trace ends:\n\(app.recentEvents())")
            if let visible = app.trace.events.last(where: { $0.name == .scrollEnd })?.event.range {
                XCTAssertTrue(app.trace.wait(timeout: 10) { _ in visible.allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                              "the rows on screen after \(key) (\(visible)) loaded")
            }
        }
        // Down a screen at a time, letting each load, until the first screen's rows are evicted.
        var pages = 0
        while pages < 100, !app.trace.events.contains(where: { $0.event == .evicted(row: top.lowerBound + 1) }) {
            press("Page_Down")
            pages += 1
        }
        XCTAssertTrue(app.trace.events.contains { $0.event == .evicted(row: top.lowerBound + 1) }, "a 1 MiB cache evicted the first screen after \(pages) pages")
        let evicted = Set(app.trace.events.compactMap { if case .evicted(let row) = $0.event, top.contains(row) { return row } else { return nil } })
        let marks = app.trace.events.count
        let requestsBefore = Self.server.requests.count
        // Back to the top.
        press("Home")
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in
            evicted.allSatisfy { row in events.dropFirst(marks).contains { if case .image(row, _, _) = $0.event { return true } else { return false } } }
        }, "the evicted rows got their images back")
        let refills = app.trace.events.dropFirst(marks).compactMap { record -> (Int, ImageSource)? in
            if case .image(let row, let from, _) = record.event, evicted.contains(row) { return (row, from) } else { return nil }
        }
        XCTAssertEqual(Set(refills.map(\.0)), evicted)
        XCTAssertTrue(refills.allSatisfy { $0.1 == .httpCache }, "from disk: \(refills)")
        let requestedAgain = Self.server.requests.dropFirst(requestsBefore).compactMap { request -> Int? in
            guard request.hasPrefix("/photos/"), request.contains(marker) else { return nil }
            return request.components(separatedBy: "row=").last?.split(separator: "&").first.flatMap { Int($0) }
        }
        XCTAssertTrue(evicted.isDisjoint(with: requestedAgain), "nothing downloaded again for them: \(evicted.intersection(requestedAgain))")
        XCTAssertEqual(app.criticals, [])
    }

    func testClearCacheEmptiesTheAppsCacheButNotTheSharedThumbnails() throws {
        let cacheHome = try folder().appendingPathComponent("cache")
        let local = try folder()
        for name in ["coffee.png", "horse.png"] { try SamplePhotos.data(name).write(to: local.appendingPathComponent(name)) }
        try Data("not an image".utf8).write(to: local.appendingPathComponent("broken.png"))
        let manifest = local.appendingPathComponent("mixed.json")
        let rows = ["{\"name\": \"local\", \"url\": \"coffee.png\"}", "{\"name\": \"broken\", \"url\": \"broken.png\"}",
                    "{\"name\": \"remote\", \"url\": \"\(Self.server.baseURL.absoluteString)/photos/rocket.jpg?cache=max-age&m=\(UUID().uuidString)\"}"]
        try Data(("[" + rows.joined(separator: ",") + "]").utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: ["XDG_CACHE_HOME": cacheHome.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in [0, 1, 2].allSatisfy { app.trace.endedState($0) != nil } })
        func files(_ sub: String) -> [String] {
            (FileManager.default.enumerator(atPath: cacheHome.appendingPathComponent(sub).path)?.allObjects as? [String] ?? [])
                .filter { $0.hasSuffix(".png") || $0.hasSuffix(".entry") || $0.count == 64 }
        }
        XCTAssertFalse(files("classic-photos").isEmpty, "the remote photo is in the app's cache")
        XCTAssertFalse(files("thumbnails/normal").isEmpty, "the local photo's thumbnail is shared")
        XCTAssertFalse(files("thumbnails/fail").isEmpty, "the broken photo has a failure entry")
        try app.activateAction("clear-cache")
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.name == .cacheCleared } })
        XCTAssertEqual(files("classic-photos"), [], "the app's own cache is empty")
        XCTAssertEqual(files("thumbnails/fail"), [], "and its failure entries are gone")
        XCTAssertFalse(files("thumbnails/normal").isEmpty, "the desktop's shared thumbnails are never deleted")
        XCTAssertEqual(app.criticals, [])
    }

    func testAnUnwritableCacheFolderIsSaidOnceAndTheAppWorks() throws {
        let file = try folder().appendingPathComponent("a-file")
        try Data().write(to: file)
        let local = try folder()
        try SamplePhotos.data("coffee.png").write(to: local.appendingPathComponent("a.png"))
        try SamplePhotos.data("horse.png").write(to: local.appendingPathComponent("b.png"))
        let manifest = local.appendingPathComponent("g.json")
        let remote = Self.server.baseURL.absoluteString + "/photos/rocket.jpg?cache=max-age&m=\(UUID().uuidString)"
        try Data("[{\"name\": \"a\", \"url\": \"a.png\"}, {\"name\": \"b\", \"url\": \"b.png\"}, {\"name\": \"c\", \"url\": \"\(remote)\"}]".utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path],
                                 environment: ["XDG_CACHE_HOME": file.appendingPathComponent("cache").path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "every photo loads")
        let said = app.stderr.split(separator: "\n").filter { $0.contains("cannot be written") }
        XCTAssertEqual(said.filter { $0.contains("thumbnail folder") }.count, 1, "said once for the thumbnails: \(said)")
        XCTAssertEqual(said.filter { $0.contains("cache folder") }.count, 1, "said once for the HTTP cache: \(said)")
        XCTAssertEqual(app.criticals, [])
    }
}
