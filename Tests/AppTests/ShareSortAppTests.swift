// Why this exists: a folder on a real SFTP share sorts as a local folder does: by name, date taken, modification time and size (the rows on screen, not only the trace), its dates read from the photos' first bytes through GIO in the helpers; and the next visit sorts by date at once from the metadata index, reading no photo at all; a server gone mid-reading stops the reading with the reason.
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareSortAppTests: XCTestCase {
    func testAShareSortsAsAFolderAndByDateFromTheIndexOnTheNextVisit() throws {
        let server = try SFTPServer()
        defer { server.close() }
        _ = try SortAppTests.makeFolder(server.folder)
        let settings = TemporaryFiles.url("share-sort-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: settings) }
        var environment = try PersistentSettings.environment(in: settings)
        environment["XDG_CACHE_HOME"] = settings.appendingPathComponent("cache").path
        let bus = try SFTPShares.bus(reaching: server)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: environment, bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos in sepia: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        SortAppTests.waitForOrder(app, "name", SortAppTests.orders[0].1, "a share opens by name")
        for (order, expected) in SortAppTests.orders.dropFirst() {
            try app.setActionState("sort", order)
            SortAppTests.waitForOrder(app, order, expected, "the share sorted by \(order)")
        }
        // The dates were read from the photos' first bytes, in the helpers.
        XCTAssertTrue(app.trace.events.contains { $0.event.isDatesRead(fromFiles: 4) }, "\(app.trace.events.filter { $0.name == .datesRead || $0.name == .datesStopped }.map(\.event))")
        XCTAssertEqual(app.parsersMapped(), [], "dates read in the helpers: the app maps no parser")
        try app.setActionState("sort", "date-taken")
        try app.setActionState("sort-direction", "descending")
        SortAppTests.waitForOrder(app, "date-taken-desc", SortAppTests.orders[1].1.reversed(), "descending")
        XCTAssertTrue(poll(timeout: 10) { PersistentSettings.keyfile(in: settings).contains("date-taken-desc") },
                      "remembered for the share: \(PersistentSettings.keyfile(in: settings))")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        // The next visit (a new session, as a new login): sorted by date at once, its dates from
        // the index and its thumbnails from the shared cache: no photo read at all.
        let readsBefore = server.reads.count
        let secondBus = try SFTPShares.bus(reaching: server)
        let again = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: environment, bus: secondBus)
        defer { again.stop() }
        SortAppTests.waitForOrder(again, "date-taken-desc", SortAppTests.orders[1].1.reversed(), "remembered")
        XCTAssertTrue(again.trace.wait(timeout: 30) { $0.contains { $0.event.isDatesRead(fromFiles: 0) } }, "from the index: \(again.recentEvents())")
        let sorts = again.trace.events.compactMap { if case .sorted(_, _, _, let first) = $0.event { return first } else { return nil } }
        XCTAssertEqual(sorts.first?.split(separator: "\n").map(String.init), SortAppTests.orders[1].1.reversed(), "in order at once, not moved later: \(sorts)")
        XCTAssertFalse(again.trace.events.contains { if case .datesRead(_, let fromFiles, _) = $0.event { return fromFiles > 0 } else { return false } },
                       "no date read from a photo: \(again.recentEvents())")
        XCTAssertTrue(again.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { again.trace.finalStates[$0]?.state == .filtered } }, again.recentEvents())
        XCTAssertEqual(server.reads.dropFirst(readsBefore).map(\.name), [], "no photo read on the next visit")
        XCTAssertEqual(again.criticals, [])
    }

    func testAServerGoneWhileDatesAreReadStopsTheReadingWithTheReason() throws {
        let server = try SFTPServer()
        defer { server.close() }
        // 300 dated JPEGs (hard links to one), over a slow link: their dates take seconds to read.
        let first = server.folder.appendingPathComponent("IMG_000.jpg")
        try TestImages.noiseJPEG(width: 64, height: 48).write(to: first)
        XCTAssertEqual(try Exiftool.run(["-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 10:00:00"], first.path).status, 0)
        for index in 1..<300 { _ = link(first.path, server.folder.appendingPathComponent(String(format: "IMG_%03d.jpg", index)).path) }
        let slow = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { slow.close() }
        let bus = try SFTPShares.bus(reaching: server)
        let xvfb = try Xvfb()
        let cache = TemporaryFiles.url("share-dates-stopped-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let app = try AppProcess(display: xvfb.display, arguments: ["--sort", "date-taken", "sftp://root@127.0.0.1:\(slow.port)\(server.folder.path)/"],
                                 environment: ["XDG_CACHE_HOME": cache.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .manifest } }, "listed: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        server.stop()
        // The reading stops at the share's failure, says why, and the rows are sorted with what was read.
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .datesStopped } }, "the reading stopped: \(app.recentEvents())")
        XCTAssertTrue(app.trace.events.contains { if case .datesRead(_, let read, _) = $0.event { read < 300 } else { false } },
                      "not every date was read: \(app.trace.events.filter { $0.name == .datesRead }.map(\.event))")
        let stoppedAt = try XCTUnwrap(app.trace.events.firstIndex { $0.name == .datesStopped })
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(stoppedAt).contains { $0.name == .sorted } }, "sorted with what was read")
        XCTAssertEqual(app.criticals, [])
    }
}
