// Why this exists: sorting in the real app: a folder whose names, dates taken, times and sizes all disagree shown in each order (the rows on screen, not only the trace), date taken against the modification time, the order remembered per gallery and `--sort` for one run, the dates found again in the metadata index and the index rebuilt when corrupted between launches, the photo at the top of the view kept there, and a manifest by name and back.
import Foundation
import GLibIO
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class SortAppTests: XCTestCase {
    /// name, pixels a side (the size order), date taken (EXIF, with an offset or not), modified.
    static let photos: [(name: String, side: Int, taken: String?, modified: String)] = [
        ("p2.jpg", 64, "2021:06:01 12:00:00+02:00", "2020-01-01T00:00:00Z"),
        ("p10.jpg", 256, "2019:03:01 09:00:00", "2024-01-01T00:00:00Z"),
        ("q.jpg", 16, nil, "2022-01-01T00:00:00Z"),
        ("r.jpg", 128, "2023:09:01 08:00:00+00:00", "2019-01-01T00:00:00Z"),
    ]
    static let orders: [(String, [String])] = [
        ("name", ["p2.jpg", "p10.jpg", "q.jpg", "r.jpg"]),
        // q has no date taken: its modification time (2022) stands in.
        ("date-taken", ["p10.jpg", "p2.jpg", "q.jpg", "r.jpg"]),
        ("modified", ["r.jpg", "p2.jpg", "q.jpg", "p10.jpg"]),
        ("size", ["q.jpg", "p2.jpg", "r.jpg", "p10.jpg"]),
    ]

    /// The photos, in `folder` (by default a new one).
    static func makeFolder(_ folder: URL = TemporaryFiles.url("sort-\(UUID().uuidString)")) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = SamplePhotos.directory.appendingPathComponent("brick.png").path
        let dates = ISO8601DateFormatter()
        for photo in photos {
            let file = folder.appendingPathComponent(photo.name).path
            XCTAssertEqual(try Tool.run("/usr/bin/convert", [source, "-resize", "\(photo.side)x\(photo.side)!", file]).status, 0)
            if let taken = photo.taken {
                let parts = taken.split(separator: "+", maxSplits: 1).map(String.init)
                var arguments = ["-q", "-overwrite_original", "-DateTimeOriginal=\(parts[0])"]
                if parts.count == 2 { arguments.append("-OffsetTimeOriginal=+\(parts[1])") }
                XCTAssertEqual(try Exiftool.run(arguments, file).status, 0)
            }
            try FileManager.default.setAttributes([.modificationDate: try XCTUnwrap(dates.date(from: photo.modified))], ofItemAtPath: file)
        }
        return folder
    }

    /// The names of the last `sorted` event in `order`.
    static func lastSorted(_ app: AppProcess, _ order: String) -> [String]? {
        for record in app.trace.events.reversed() {
            if case .sorted(let sortedOrder, _, _, let first) = record.event, sortedOrder == order { return first.split(separator: "\n").map(String.init) }
        }
        return nil
    }

    static func rowNames(_ app: AppProcess) -> [String] {
        let names = Self.photos.map(\.name)
        return ((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in names.first { label.hasPrefix($0 + ", ") } }
    }

    static func waitForOrder(_ app: AppProcess, _ order: String, _ expected: [String], rows: Bool = true, _ message: String) {
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.lastSorted(app, order) == expected },
                      "\(message): \(Self.lastSorted(app, order) ?? []) \(app.recentEvents())")
        guard rows else { return }
        XCTAssertTrue(poll(timeout: 15) { rowNames(app) == expected }, "\(message), on screen: \(rowNames(app))")
    }

    func testEachOrderOnAFolderWhoseNamesDatesAndSizesDisagree() throws {
        let folder = try Self.makeFolder()
        let settings = TemporaryFiles.url("sort-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder); try? FileManager.default.removeItem(at: settings) }
        var environment = try PersistentSettings.environment(in: settings)
        environment["XDG_CACHE_HOME"] = settings.appendingPathComponent("cache").path
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        Self.waitForOrder(app, "name", Self.orders[0].1, "a folder opens by name")
        for (order, expected) in Self.orders.dropFirst() {
            try app.setActionState("sort", order)
            Self.waitForOrder(app, order, expected, "sorted by \(order)")
        }
        // The dates were read from the photos, in the helpers.
        XCTAssertTrue(app.trace.events.contains { $0.event.isDatesRead(fromFiles: 4) }, "\(app.recentEvents())")
        try app.setActionState("sort", "date-taken")
        Self.waitForOrder(app, "date-taken", Self.orders[1].1, "by date taken again")
        try app.setActionState("sort-direction", "descending")
        Self.waitForOrder(app, "date-taken-desc", Self.orders[1].1.reversed(), "descending")
        XCTAssertEqual(app.parsersMapped(), [], "dates read in the helpers: the app maps no parser")
        XCTAssertTrue(poll(timeout: 10) { PersistentSettings.keyfile(in: settings).contains("date-taken-desc") },
                      "remembered for the folder: \(PersistentSettings.keyfile(in: settings))")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        // The next launch: the folder's own order, its dates from the index (no photo read).
        let again = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: environment)
        defer { again.stop() }
        Self.waitForOrder(again, "date-taken-desc", Self.orders[1].1.reversed(), "remembered")
        XCTAssertTrue(again.trace.wait(timeout: 30) { $0.contains { $0.event.isDatesRead(fromFiles: 0) } }, "from the index: \(again.recentEvents())")
        again.stop()

        // The index corrupted between launches: rebuilt, the same order.
        let index = settings.appendingPathComponent("cache/classic-photos/metadata-index.sqlite")
        XCTAssertTrue(FileManager.default.fileExists(atPath: index.path))
        // Its file and its write-ahead log (which holds what the app wrote last) overwritten.
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: index.path + suffix) {
            try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: index.path + suffix))
        }
        let rebuilt = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: environment)
        defer { rebuilt.stop() }
        XCTAssertTrue(rebuilt.trace.wait(timeout: 30) { $0.contains { if case .metadataIndex("rebuilt", _) = $0.event { true } else { false } } },
                      "rebuilt: \(rebuilt.recentEvents())")
        Self.waitForOrder(rebuilt, "date-taken-desc", Self.orders[1].1.reversed(), "the same order from a rebuilt index")
        XCTAssertTrue(rebuilt.trace.wait(timeout: 30) { $0.contains { $0.event.isDatesRead(fromFiles: 4) } }, "read again: \(rebuilt.recentEvents())")
        rebuilt.stop()

        // `--sort` for one run, not remembered.
        let once = try AppProcess(display: xvfb.display, arguments: ["--sort", "size-desc", folder.path], environment: environment)
        defer { once.stop() }
        Self.waitForOrder(once, "size-desc", Self.orders[3].1.reversed(), "--sort")
        once.stop()
        XCTAssertTrue(PersistentSettings.keyfile(in: settings).contains("date-taken-desc"), PersistentSettings.keyfile(in: settings))
    }

    func testASortKeepsThePhotoAtTheTopOfTheView() throws {
        // Named in one order, modified in the other: sorting by modification time reverses them.
        let folder = TemporaryFiles.url("sort-top-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("template.jpg.part")
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "48x48", jpeg.path]).status, 0)
        let count = 150
        for index in 0..<count {
            let file = folder.appendingPathComponent(String(format: "s%03d.jpg", index)).path
            try FileManager.default.copyItem(atPath: jpeg.path, toPath: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(2_000_000_000 - index * 60))], ofItemAtPath: file)
        }
        try FileManager.default.removeItem(at: jpeg)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        _ = try app.fling(xvfb, to: 40, bursts: 30)
        let before = try app.waitForScrollRest(filtered: false)
        let top = before.lowerBound
        XCTAssertGreaterThan(top, 10, "scrolled down")
        let marker = app.trace.events.count
        try app.setActionState("sort", "modified")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.lastSorted(app, "modified")?.first == String(format: "s%03d.jpg", count - 1) }, app.recentEvents())
        // The photo that was at the top is now at count - 1 - top, and on screen.
        let moved = count - 1 - top
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in
            events[marker...].contains { if case .visible(let rows) = $0.event { rows.contains(moved) } else { false } }
        }, "row \(moved) (was \(top)) on screen: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    func testAManifestSortsByNameAndBackToItsOwnOrder() throws {
        // The sample is a dict of names (its keys, in the file's order) to URLs.
        let text = try String(contentsOf: SamplePhotos.sampleManifest, encoding: .utf8)
        let own = text.components(separatedBy: "<key>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        let byName = own.sorted { DirectoryListingKey.key($0).lexicographicallyPrecedes(DirectoryListingKey.key($1)) }
        XCTAssertNotEqual(own, byName, "the sample's own order is not by name")
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.sampleManifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, app.stderr)
        // A manifest offers no date or size: asked anyway, nothing happens.
        try app.setActionState("sort", "size")
        XCTAssertEqual(try app.actionState("sort"), "'own'", "the menu still shows the manifest's own order")
        try app.setActionState("sort", "name")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.lastSorted(app, "name") == Array(byName.prefix(20)) }, "\(Self.lastSorted(app, "name") ?? [])")
        try app.setActionState("sort", "own")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.lastSorted(app, "own") == Array(own.prefix(20)) }, "\(Self.lastSorted(app, "own") ?? [])")
        XCTAssertFalse(app.trace.events.contains { if case .sorted("size", _, _, _) = $0.event { true } else { false } })
        XCTAssertEqual(app.criticals, [])
    }
}

extension TraceEvent {
    func isDatesRead(fromFiles count: Int) -> Bool {
        if case .datesRead(_, let fromFiles, _) = self { return fromFiles == count }
        return false
    }
}

/// The file manager's sort key, as the app makes it.
private enum DirectoryListingKey {
    static func key(_ name: String) -> [UInt8] { DirectoryListing.sortKey(name) }
}
