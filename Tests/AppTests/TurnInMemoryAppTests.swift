// Why this exists: Ctrl+R applied where it is known: the row's thumbnail turns from the pixels in memory, the desktop's shared thumbnail is turned with it, and the watcher's report of that same file decodes nothing again; a later change by another program still loads the row again.
import Foundation
import PhotoFetching
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class TurnInMemoryAppTests: XCTestCase {
    func testATurnedRowShowsTurnedWithoutLoadingAgainAndAnOutsideEditStillReloads() throws {
        let folder = TemporaryFiles.url("turn-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<3 {
            try TestImages.encoded(width: 90, height: 40) { x, y in [UInt8(x * 2), UInt8(y * 6), UInt8(index * 80)] }
                .write(to: folder.appendingPathComponent("p\(index).png"))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--view", "list", folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        var place: (x: Int, y: Int, width: Int, height: Int)?
        XCTAssertTrue(poll(timeout: 15) { place = try? AccessibleNames.extents(app, ofNameStartingWith: "p1.png, "); return place != nil }, "p1.png is on screen")
        guard let place else { return }
        // Ctrl+click selects the row without opening it; Ctrl+R turns the selection.
        try xvfb.run("xdotool", ["mousemove", "\(place.x + place.width / 2)", "\(place.y + place.height / 2)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        let before = app.trace.events.count
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(before).contains { $0.event == .turnApplied(row: 1, turn: .clockwise) } },
                      "the row's image turned in memory: \(app.recentEvents())")
        // The watcher reports the file changed; the row keeps its turned image, loads nothing.
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(before).contains { if case .folderChanged(0, 0, 1, 3) = $0.event { true } else { false } } },
                      "the watcher saw the turned file: \(app.recentEvents())")
        func reloaded(after start: Int) -> Bool {
            app.trace.events.dropFirst(start).contains { record in
                switch record.event {
                case .state(1, .new, _, _), .queued(_, 1): true
                default: false
                }
            }
        }
        // The report applied (in the same pass that would have started the row over).
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(before).contains { $0.event == .turnKept(row: 1) } },
                      "the report kept the turned image: \(app.recentEvents())")
        XCTAssertFalse(reloaded(after: before), "nothing of row 1 is loaded again: \(app.recentEvents())")
        XCTAssertEqual(app.trace.finalStates[1]?.state, .filtered)
        // The shared thumbnail (normal, for 64-point rows) made for the photo as it was is
        // written again turned, for the turned file: what the file manager shows, with no decode.
        let photo = folder.appendingPathComponent("p1.png").path
        let thumbnail = app.directory.appendingPathComponent("cache/thumbnails/normal/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: photo)))").path
        let mtime = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: photo)[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970) })
        func described() -> String {
            (try? Tool.run("/usr/bin/identify", ["-format", "%[Thumb::MTime] %[Thumb::Image::Width]x%[Thumb::Image::Height] %wx%h", thumbnail]).output) ?? "none"
        }
        XCTAssertTrue(poll(timeout: 15) { described() == "\(mtime) 40x90 40x90" }, "the shared thumbnail, turned: \(described())")

        // Another program changes the same file: the row loads it again.
        let outside = app.trace.events.count
        try TestImages.encoded(width: 50, height: 50) { _, _ in [200, 10, 10] }.write(to: folder.appendingPathComponent("p1.png"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in reloaded(after: outside) && app.trace.finalStates[1]?.state == .filtered },
                      "an outside edit loads the row again: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }
}
