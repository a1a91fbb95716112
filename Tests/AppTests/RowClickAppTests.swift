// Why this exists: a click anywhere on a row or a cell opens its photo, its edges too: the list item's padding and the cell's margins are the row's, not dead ground that selects without opening (the BigManifest click failure, issue 57).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class RowClickAppTests: XCTestCase {
    func testAClickNearARowsEdgeOpensItsPhoto() throws {
        let folder = TemporaryFiles.url("row-click-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<6 {
            try TestImages.encoded(width: 60 + index, height: 40) { x, y in [UInt8(x * 3), UInt8(y * 6), UInt8(index * 40)] }
                .write(to: folder.appendingPathComponent("p\(index).png"))
        }
        for layout in ["list", "grid"] {
            let xvfb = try Xvfb()
            let app = try AppProcess(display: xvfb.display, arguments: ["--view", layout, folder.path])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
            var item: (x: Int, y: Int, width: Int, height: Int)?
            XCTAssertTrue(poll(timeout: 15) { item = try? AccessibleNames.extents(app, ofNameStartingWith: "p2.png, ", item: true); return item != nil },
                          "\(layout): p2.png is on screen")
            guard let item else { continue }
            // Six points in from the item's top, bottom and start edges: inside the space around
            // the row's content (14 and 18 points of it in a list, 21 in a grid), which selected
            // without opening. (AT-SPI's window coordinates lie up to 4 points off the screen's
            // here, by GTK's window frame; the bottom pixel may be the list's separator.)
            let points = [(item.x + item.width / 2, item.y + 6), (item.x + item.width / 2, item.y + item.height - 7), (item.x + 6, item.y + item.height / 2)]
            for (x, y) in points {
                let before = app.trace.events.count
                try xvfb.run("xdotool", ["mousemove", "\(x)", "\(y)", "click", "1"])
                XCTAssertTrue(app.trace.wait(timeout: 20) { $0.dropFirst(before).contains { $0.event == .viewer(row: 2, action: .opened) } },
                              "\(layout): a click at (\(x), \(y)), in the item \(item), opens p2.png; the trace ends:\n\(app.recentEvents())")
                try xvfb.run("xdotool", ["key", "Escape"])
                // Back on the list once it is laid out again (a click before that can be lost).
                XCTAssertTrue(app.trace.wait(timeout: 20) { events in
                    guard let closed = events.dropFirst(before).firstIndex(where: { $0.event == .viewer(row: 2, action: .closed) }) else { return false }
                    return events[closed...].contains { $0.name == .visible }
                }, "\(layout): Escape closes the viewer; the trace ends:\n\(app.recentEvents())")
            }
            XCTAssertEqual(app.criticals, [])
        }
    }
}
