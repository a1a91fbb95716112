// Why this exists: the filter bar over a folder on a real SFTP share, as over a local one: what it asks of the photos' metadata read from the share (ranged, in the helpers), the rows saying their marks over AT-SPI (a rating made in the app, and on the next visit from the index alone), conditions combining ("1 of 5 photos" in the header), and a listing again while it filters keeping out what it leaves out.
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareFilterAppTests: XCTestCase {
    func filtered(_ app: AppProcess) -> [(shown: Int, total: Int)] {
        app.trace.events.compactMap { if case .filtered(let shown, let total, _, _, _) = $0.event { (shown, total) } else { nil } }
    }

    func rowNames(_ app: AppProcess) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).filter { [".jpg,", ".png,", ".gif,"].contains(where: $0.contains) }.map { String($0.prefix { $0 != "," }) }
    }

    func testAShareFiltersAsAFolderDoes() throws {
        let server = try SFTPServer()
        defer { server.close() }
        try FilterAppTests.markPhotos(in: server.folder)
        let bus = try SFTPShares.bus(reaching: server)
        let xvfb = try Xvfb()
        let cache = TemporaryFiles.url("share-filter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<5).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos in sepia: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        func filter(_ text: String, shows count: Int, of total: Int = 5) {
            do { try app.activateAction("filter", string: text) } catch { XCTFail("\(error)") }
            XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.filtered(app).last.map { $0 == (count, total) } ?? false },
                          "“\(text)” shows \(count) of \(total): \(filtered(app)) \(app.recentEvents())")
        }
        // What the filter asks of the photos' metadata is read from the share first.
        filter("tag:lisbon", shows: 1)
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "1 of 5 photos", timeout: 20), "the header counts: \(app.recentEvents())")
        filter("", shows: 5)
        // The rows say their marks, once read.
        for name in ["a.jpg, 5 stars, picked", "b.jpg, 3 stars", "c.jpg, rejected", "d.png, 4 stars"] {
            XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: name, timeout: 30), "\(name): \(app.recentEvents())")
        }
        filter("camera:canon lens:35mm", shows: 1)
        filter("from:2024-05 to:2024-05 .jpg", shows: 2)
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app) == ["a.jpg", "c.jpg"] }, "the rows asked for: \(rowNames(app))")
        filter(".png", shows: 1)

        // Listed again while it filters: e.gif (left out) went, f.jpg (left out) and g.png (let in) arrived.
        try ShareChangesAppTests.awayAndBack(xvfb, try app.mainWindow(on: xvfb)) {
            try FileManager.default.removeItem(at: server.folder.appendingPathComponent("e.gif"))
            try SamplePhotos.data("rocket.jpg").write(to: server.folder.appendingPathComponent("f.jpg"))
            try SamplePhotos.data("horse.png").write(to: server.folder.appendingPathComponent("g.png"))
        }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .shareRelisted(added: 2, removed: 0, changed: 0, reason: nil) } },
                      "listed again: the photo left out that went is not a row's: \(app.recentEvents())")
        XCTAssertTrue(poll(timeout: 20) { self.rowNames(app) == ["d.png", "g.png"] }, "f.jpg left out: \(rowNames(app)) \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "2 of 6 photos", timeout: 20), "the header counts: \(app.recentEvents())")
        filter("", shows: 6, of: 6)
        XCTAssertTrue(poll(timeout: 10) { !((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains(" of 6 photos") } }, "the bar's count goes with the filter")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app) == ["a.jpg", "b.jpg", "c.jpg", "d.png", "f.jpg", "g.png"] },
                      "every photo but the one that went, in its place: \(rowNames(app))")

        // Rated in the viewer: its row says the new stars (a share reports no change of its own).
        // (The bar closed first: the first row under the pointer again.)
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "ctrl+f"])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows a.jpg: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "alt+2"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .marked(_, 2, _, nil) = $0.event { true } else { false } } }, "rated: \(app.recentEvents())")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "Escape"])
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "a.jpg, 2 stars, picked", timeout: 20), "the row says its new stars: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        // The next visit (a new session): the rows say the marks the index keeps, with no
        // filter asked and no photo read for them.
        let readsBefore = server.reads.count
        let again = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: ["XDG_CACHE_HOME": cache.path],
                                   bus: try SFTPShares.bus(reaching: server))
        defer { again.stop() }
        for name in ["b.jpg, 3 stars", "c.jpg, rejected", "d.png, 4 stars"] {
            XCTAssertTrue(AccessibleNames.wait(again, forNameContaining: name, timeout: 30), "\(name), from the index: \(again.recentEvents())")
        }
        // (a.jpg changed since, rated: its thumbnail is made again.)
        XCTAssertEqual(server.reads.dropFirst(readsBefore).map(\.name).filter { $0 != "a.jpg" }, [], "no other photo read")
        XCTAssertEqual(again.criticals, [])
    }

    /// Sorted by date, and filtered by a tag while the dates are read over a slow link: once
    /// read, the sort and the filter are made again at once, each from the rows the other may
    /// change. (Each counting its start made the other start again, for ever: the filter never
    /// came.)
    func testASortAndAFilterMadeAtOnceBothArrive() throws {
        let server = try SFTPServer()
        defer { server.close() }
        try FilterAppTests.markPhotos(in: server.folder)
        let slow = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { slow.close() }
        let xvfb = try Xvfb()
        let cache = TemporaryFiles.url("share-filter-sorted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let app = try AppProcess(display: xvfb.display, arguments: ["--sort", "date-taken", "sftp://root@127.0.0.1:\(slow.port)\(server.folder.path)/"],
                                 environment: ["XDG_CACHE_HOME": cache.path], bus: try SFTPShares.bus(reaching: server))
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .manifest } }, "listed: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        try app.activateAction("filter", string: "tag:lisbon")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.filtered(app).last.map { $0 == (1, 5) } ?? false },
                      "the filter arrives: \(filtered(app)) \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .datesRead(_, let read, _) = $0.event { read > 0 } else { false } } },
                      "the dates were read meanwhile")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app) == ["a.jpg"] }, "\(rowNames(app))")
        // Each made again at most once for each change another made (a few: the listing's
        // sort, the reading's batches, the filter asked; 3 in a loaded run), not without end
        // (555,869 times in 60 s when each counted its start).
        let redone = app.trace.events.filter { $0.name == .shareRedone }.count
        XCTAssertLessThanOrEqual(redone, 10, "made again \(redone) times")
        XCTAssertEqual(app.criticals, [])
    }
}
