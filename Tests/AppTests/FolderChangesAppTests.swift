// Why this exists: a folder gallery kept up to date while the real app runs: photos copied in appear in their sorted place, deleted ones go, a changed one gets a new thumbnail (never the stale one), a burst arrives in a few batches with the rows on screen kept, and the viewer moves to the neighbour of a photo deleted under it; no other row's work starts again.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoFetching

final class FolderChangesAppTests: XCTestCase {
    func makeFolder(_ photos: [(String, String)]) throws -> URL {
        let folder = TemporaryFiles.url("changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, sample) in photos { try SamplePhotos.data(sample).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    /// A photo copied in as file managers do: written under a hidden name, then renamed into place.
    func copyIn(_ sample: String, as name: String, to folder: URL) throws {
        let temporary = folder.appendingPathComponent(".\(name).part")
        try SamplePhotos.data(sample).write(to: temporary)
        try FileManager.default.moveItem(at: temporary, to: folder.appendingPathComponent(name))
    }

    func rowNames(_ app: AppProcess, among names: [String]) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in names.first { label.hasPrefix($0 + ", ") } }
    }

    func changes(_ app: AppProcess) -> [[Int]] {
        app.trace.events.compactMap { if case .folderChanged(let added, let removed, let changed, let total) = $0.event { return [added, removed, changed, total] } else { return nil } }
    }

    /// The events after the last `folder-changed`.
    func afterLastChange(_ app: AppProcess) -> [TraceRecord] {
        let events = app.trace.events
        guard let last = events.lastIndex(where: { $0.name == .folderChanged }) else { return [] }
        return Array(events[(last + 1)...])
    }

    func testRowsFollowPhotosAddedDeletedAndChangedAndNoOtherRowStartsAgain() throws {
        let folder = try makeFolder([("A.png", "brick.png"), ("C.png", "coffee.png"), ("E.png", "present.png"), ("G.png", "horse.png")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = ["A.png", "B.png", "C.png", "E.png", "G.png"]
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the folder loads: \(app.stderr.suffix(400))")

        // Added: a row in its sorted place, loaded; nothing else queued again.
        try copyIn("camera.png", as: "B.png", to: folder)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.changes(app).last == [1, 0, 0, 5] }, "one photo added: \(changes(app))")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.afterLastChange(app).contains { $0.event == .state(row: 1, state: .filtered, reason: nil) } },
                      "the new row loads")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app, among: all) == ["A.png", "B.png", "C.png", "E.png", "G.png"] },
                      "in its sorted place: \(rowNames(app, among: all))")
        XCTAssertEqual(Set(afterLastChange(app).filter { $0.name == .queued }.compactMap(\.row)), [1], "only the new row has work queued")

        // Deleted: its row goes; nothing is queued.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("E.png"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.changes(app).last == [0, 1, 0, 4] }, "one photo deleted: \(changes(app))")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app, among: all) == ["A.png", "B.png", "C.png", "G.png"] },
                      "its row went: \(rowNames(app, among: all))")

        // Changed (another photo written over it, a later modification time): read again from
        // the file, not the memory cache or the now stale shared thumbnail.
        let changed = folder.appendingPathComponent("C.png")
        try SamplePhotos.data("grass.png").write(to: changed)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: changed.path)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.changes(app).last.map { $0[2] == 1 && $0[3] == 4 } ?? false }, "one photo changed: \(changes(app))")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.afterLastChange(app).contains { $0.event == .state(row: 2, state: .filtered, reason: nil) } },
                      "the changed row loads again: \(afterLastChange(app).map(\.event))")
        XCTAssertEqual(afterLastChange(app).compactMap { record -> ImageSource? in if case .image(2, let source, _) = record.event { return source } else { return nil } }, [ImageSource.file],
                       "from the file, never a stale image")
        XCTAssertEqual(Set(afterLastChange(app).filter { $0.name == .queued }.compactMap(\.row)), [2], "only the changed row has work queued")
        XCTAssertEqual(app.criticals, [])
    }

    func testABurstOf500PhotosArrivesInAFewBatchesAndTheRowsOnScreenStay() throws {
        let names = (0..<30).map { String(format: "m%02d.png", $0) }
        let folder = try makeFolder(names.map { ($0, "present.png") })
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .manifest } }, "the folder opened: \(app.stderr.suffix(400))")
        try app.focusListThroughTheViewer(xvfb, y: 300)
        try xvfb.run("xdotool", ["key", "End"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.last { $0.name == .visible }?.event.range?.upperBound == 29 },
                      "the last row on screen (the app \(app.process.isRunning ? "runs" : "exited")); the trace ends:\n\(app.recentEvents())\n\(app.stderr.suffix(2000))")
        let before = try XCTUnwrap(app.trace.events.last { $0.name == .visible }?.event.range)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in before.allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "the rows on screen loaded")
        let start = app.trace.events.count

        // A camera import: 500 photos whose names sort before every row on screen.
        let data = SamplePhotos.data("present.png")
        for index in 0..<500 { try data.write(to: folder.appendingPathComponent(String(format: "a%03d.png", index))) }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.changes(app).last?[3] == 530 }, "all 500 arrived: \(changes(app).suffix(5))")
        let batches = changes(app)
        XCTAssertLessThanOrEqual(batches.count, 50, "in batches, not one relayout a photo: \(batches.count) batches")
        XCTAssertEqual(batches.map { $0[0] }.reduce(0, +), 500)
        // The same photos stay on screen, 500 rows further down.
        let moved = (before.lowerBound + 500)...(before.upperBound + 500)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(start).last { $0.name == .visible }?.event.range == moved },
                      "the rows on screen stay: \(String(describing: app.trace.events.dropFirst(start).last { $0.name == .visible }?.event.range)), expected \(moved)")
        // (A row of the 30 that never loaded may start while the list settles under load; one that
        // had loaded keeps its images.)
        XCTAssertEqual(app.trace.events.dropFirst(start).filter { $0.name == .queued && moved.contains($0.row ?? -1) }.compactMap(\.row), [],
                       "no row that had loaded starts again")
        XCTAssertEqual(app.criticals, [])
    }

    func testTheViewerMovesToTheNeighbourOfAPhotoDeletedUnderIt() throws {
        let folder = try makeFolder([("A.png", "brick.png"), ("B.png", "coffee.png"), ("C.png", "present.png")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.appendingPathComponent("B.png").path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .viewer(row: 1, action: .opened) } }, "the viewer opened on B")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("B.png"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .viewer(row: 1, action: .moved) } },
                      "B went: the viewer shows its neighbour C, now row 1: \(app.trace.events.filter { $0.name == .viewer || $0.name == .folderChanged }.map(\.event))")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { return true } else { return false } } },
                      "and loads it")
        // The last photos go: the viewer closes and the window says the folder is empty.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("A.png"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("C.png"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .page(name: "empty") } }, "no photo left: the empty page")
        XCTAssertEqual(app.criticals, [])
    }

    func testAFolderDeletedWhileShownSaysSoWithRetry() throws {
        let folder = try makeFolder([("A.png", "brick.png"), ("B.png", "coffee.png")])
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[1]?.state == .filtered }, "the folder loads")
        try FileManager.default.removeItem(at: folder)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifestFailed } },
                      "the window says the folder went: \(app.trace.events.suffix(8).map(\.event))")
        XCTAssertEqual(app.trace.events.first { $0.name == .manifestFailed }?.reason, "the folder was deleted or moved")
        XCTAssertEqual(app.criticals, [])
    }
}
