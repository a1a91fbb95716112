// Why this exists: a folder on a real SFTP share sorts as a local folder does: by name, date taken, modification time and size (the rows on screen, not only the trace), its dates read from the photos' first bytes through GIO in the helpers; and the next visit sorts by date at once from the metadata index, reading no photo at all.
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
        let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
        bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
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
        let secondBus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
        secondBus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
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
}
