// Why this exists: a cleared filter's rows come back into the real app's list a few dozen at a time from the photo at the top of the view (GtkListView 4.8 would make 200 row widgets in one frame), and the view ends with that photo at its top and every photo in the list. (Its filter, asked for by the action right after the folder opens, also caught the filter entry's lent keys failing a GTK critical.)
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ListWideningAppTests: XCTestCase {
    func testAClearedFilterJoinsItsRowsInStepsKeepingTheTopPhoto() throws {
        let folder = TemporaryFiles.url("widening-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("template.jpg.part")
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "16x16", jpeg.path]).status, 0)
        let count = 300
        for index in 0..<count {
            try FileManager.default.copyItem(atPath: jpeg.path, toPath: folder.appendingPathComponent(String(format: "p%03d.jpg", index)).path)
        }
        try FileManager.default.removeItem(at: jpeg)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        func filtered() -> [Int] { app.trace.events.compactMap { if case .filtered(let shown, _, _, _, _) = $0.event { shown } else { nil } } }

        try app.activateAction("filter", string: "p05")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in filtered().last == 10 }, "p050 to p059: \(filtered()) \(app.recentEvents())")
        // Every row joined before the filter: what follows is the clear's.
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .rowsJoined } }, app.recentEvents())
        let marker = app.trace.events.count
        try app.activateAction("filter", string: "")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in filtered().last == count }, "\(filtered())")
        // p050, the top one, is now row 50: 250 rows from it on fill GTK's 200 widgets, so they
        // join in steps, the 50 before it last.
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0[marker...].contains { $0.name == .rowsJoined } }, app.recentEvents())
        let joined = app.trace.events[marker...].lazy.compactMap { if case .rowsJoined(let rows, let steps) = $0.event { (rows, steps) } else { nil } }.first
        XCTAssertEqual(joined?.0, count, "every row joined")
        XCTAssertGreaterThan(joined?.1 ?? 0, 2, "in steps: \(app.recentEvents())")
        // The view ends with p050 at its top.
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in
            if case .visible(let rows)? = events[marker...].last(where: { $0.name == .visible })?.event { rows.first == 50 } else { false }
        }, "row 50 at the top: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }
}
