// Why this exists: Rate, Pick, Reject and Tags in the real app under Xvfb, by their keys: each is kept in the photo's own XMP where exiftool reads it, Details shows what the file holds, Ctrl+Z sets back the marks the photo had, a GIF's and a RAW's marks go to the XMP sidecar beside them, and Details shows them; the viewer's picture is never loaded again for them.
import Foundation
@_spi(InProcess) import PhotoDecoding
import MetadataValues
import DecodeHelper
import PhotoFetching
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class MarkAppTests: XCTestCase {
    func marks(_ app: AppProcess) -> [(rating: Int?, flag: String?, reason: String?)] {
        app.trace.events.compactMap { if case .marked(_, let rating, let flag, let reason) = $0.event { (rating, flag, reason) } else { nil } }
    }

    /// "Rating PickLabel" as exiftool reads them ("-" where absent).
    func marksRead(_ url: URL) throws -> String {
        try Exiftool.run(["-s3", "-f", "-n", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel"], url.path).output
            .split(separator: "\n").joined(separator: " ")
    }

    func testKeysRatePickAndRejectAndCtrlZSetsBack() throws {
        let folder = TemporaryFiles.url("marks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("a.jpg"), png = folder.appendingPathComponent("b.png"), gif = folder.appendingPathComponent("c.gif")
        try SamplePhotos.data("rocket.jpg").write(to: jpeg)
        try SamplePhotos.data("horse.png").write(to: png)
        _ = try Tool.run("/usr/bin/convert", [png.path, "-resize", "40x40", gif.path])
        let gifBytes = try Data(contentsOf: gif)
        let dng = folder.appendingPathComponent("d.dng")
        try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("chelsea.png").path, width: 120, height: 80).write(to: dng)

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the first photo: \(app.recentEvents())")
        // The viewer's picture is kept through every change of marks: only Details change.
        // (Each load of its picture, and each time the page shows one anew, zoom and pan reset.)
        func loads(_ row: Int) -> Int {
            app.trace.events.filter { record in
                if case .fullImage(row, _, _, _, _, _) = record.event { return true }
                return record.event == .started(queue: .viewer, row: row)
            }.count
        }
        /// No load of `row` left in the viewer's queue (each one queued has finished or was
        /// cancelled), for a moment: what shows is its last picture (a RAW's developed one comes
        /// after its preview).
        func settled(_ row: Int) -> Bool {
            var since: Date?
            return poll(timeout: 20) {
                let events = app.trace.events.map(\.event)
                let queued = events.filter { $0 == .queued(queue: .viewer, row: row) }.count
                let ended = events.filter { $0 == .finished(queue: .viewer, row: row) || $0 == .cancelled(queue: .viewer, row: row) }.count
                guard queued > 0, queued == ended else { since = nil; return false }
                let start = since ?? Date()
                since = start
                return Date().timeIntervalSince(start) >= 0.3
            }
        }
        let jpegLoads = loads(0)

        func press(_ key: String, expect count: Int) {
            do { try xvfb.run("xdotool", ["key", key]) } catch { XCTFail("\(error)") }
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.marks(app).count == count }, "\(key): \(app.recentEvents(30))")
        }
        // Details (F9) shows the marks as the file now holds them.
        try xvfb.run("xdotool", ["key", "F9"])
        press("alt+4", expect: 1)
        XCTAssertEqual(try marksRead(jpeg), "4 -")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "★★★★☆ 4 stars", timeout: 20), "Details shows the stars: \(app.recentEvents())")
        press("p", expect: 2)
        XCTAssertEqual(try marksRead(jpeg), "4 3", "a pick keeps the stars")
        press("x", expect: 3)
        XCTAssertEqual(try marksRead(jpeg), "-1 1", "a reject")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Rejected", timeout: 20), "Details says it: \(app.recentEvents())")
        press("ctrl+z", expect: 4)
        XCTAssertEqual(try marksRead(jpeg), "4 3", "Ctrl+Z: picked with 4 stars again")
        press("u", expect: 5)
        XCTAssertEqual(try marksRead(jpeg), "4 -", "unflagged, the stars kept")
        XCTAssertTrue(marks(app).allSatisfy { $0.reason == nil }, "\(marks(app))")

        // Ctrl+T: tags typed, added; Details shows them; Ctrl+Z takes them away again.
        try xvfb.run("xdotool", ["key", "ctrl+t"])
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Tags to add to the photo", timeout: 20), "the tags dialog: \(app.recentEvents())")
        try xvfb.run("xdotool", ["type", "--delay", "20", "Places/Portugal/Lisbon, tram"])
        press("Return", expect: 6)
        XCTAssertEqual(try Exiftool.run(["-s3", "-f", "-XMP-digiKam:TagsList", "-XMP-lr:HierarchicalSubject", "-XMP-dc:Subject"], jpeg.path).output
            .split(separator: "\n").joined(separator: " / "), "Places/Portugal/Lisbon, tram / Places|Portugal|Lisbon, tram / Lisbon, tram")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Places/Portugal/Lisbon, tram", timeout: 20), "Details shows the tags: \(app.recentEvents())")
        press("ctrl+z", expect: 7)
        XCTAssertEqual(try Exiftool.run(["-s3", "-f", "-XMP-digiKam:TagsList", "-XMP-dc:Subject"], jpeg.path).output
            .split(separator: "\n").joined(separator: " / "), "- / -", "Ctrl+Z: no tags again")
        XCTAssertEqual(try marksRead(jpeg), "4 -", "the stars stay")
        let lastMarked = try XCTUnwrap(app.trace.events.lastIndex { $0.name == .marked })
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.dropFirst(lastMarked).contains { $0.event == .marksKept(row: 0) } },
                      "the last change was reported: \(app.recentEvents())")
        XCTAssertEqual(loads(0), jpegLoads, "the JPEG's picture was not loaded again: \(app.recentEvents(60))")
        // S: the original, decoded again from the bytes the viewer holds (read before any mark):
        // Details keeps the marks written since.
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(0, _, _, false, .memory, _) = $0.event { true } else { false } } },
                      "the original from the bytes held: \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "★★★★☆ 4 stars", timeout: 20), "Details keeps the stars: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.filter { if case .fullImage(0, _, _, true, _, _) = $0.event { true } else { false } }.count >= 2 })

        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } })
        press("alt+2", expect: 8)
        XCTAssertEqual(try marksRead(png), "2 -", "a PNG's XMP")

        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(2, _, _, _, _, _) = $0.event { true } else { false } } })
        // A GIF's marks go to its sidecar; Details shows them.
        XCTAssertTrue(settled(2), app.recentEvents())
        let gifLoads = loads(2)
        press("alt+5", expect: 9)
        XCTAssertNil(marks(app).last?.reason)
        XCTAssertEqual(try Data(contentsOf: gif), gifBytes, "the GIF is untouched")
        XCTAssertEqual(try marksRead(URL(fileURLWithPath: gif.path + ".xmp")), "5 -", "its sidecar holds the stars")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "★★★★★ 5 stars", timeout: 20), "Details shows the sidecar's stars: \(app.recentEvents())")
        XCTAssertEqual(loads(2), gifLoads, "the GIF's picture was not loaded again")

        // A RAW's marks go to its sidecar too, whose change is reported as the RAW's: its picture
        // (from its preview, then developed) is kept all the same.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in loads(3) >= 1 })
        XCTAssertTrue(settled(3), app.recentEvents())
        let rawLoads = loads(3)
        press("alt+1", expect: 10)
        XCTAssertNil(marks(app).last?.reason)
        XCTAssertEqual(try marksRead(URL(fileURLWithPath: dng.path + ".xmp")), "1 -", "its sidecar holds the star")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "★☆☆☆☆ 1 star", timeout: 20), "Details shows it: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .marksKept(row: 3) } }, "its report came: \(app.recentEvents())")
        XCTAssertEqual(loads(3), rawLoads, "the RAW's picture was not loaded again: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    /// In the gallery: the marked row keeps its images (only the XMP changed) when the watcher
    /// reports its file, and the desktop's shared thumbnail is kept for the changed file.
    func testAMarkedRowLoadsNothingAgain() throws {
        let folder = TemporaryFiles.url("marks-rows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 0..<3 {
            let photo = folder.appendingPathComponent("p\(index).jpg")
            try TestImages.encoded(width: 90, height: 40, type: "jpeg") { x, y in [UInt8(x * 2), UInt8(y * 6), UInt8(index * 80)] }.write(to: photo)
            // Made long ago: the mark's new time is another second.
            _ = try Tool.run("/usr/bin/touch", ["-d", "2020-01-01 12:00", photo.path])
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--view", "list", folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        var place: (x: Int, y: Int, width: Int, height: Int)?
        XCTAssertTrue(poll(timeout: 15) { place = try? AccessibleNames.extents(app, ofNameStartingWith: "p1.jpg, "); return place != nil }, "p1.jpg is on screen")
        guard let place else { return }
        // Ctrl+click selects the row without opening it; Alt+3 rates the selection.
        try xvfb.run("xdotool", ["mousemove", "\(place.x + place.width / 2)", "\(place.y + place.height / 2)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        let before = app.trace.events.count
        try xvfb.run("xdotool", ["key", "alt+3"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.marks(app).count == 1 }, app.recentEvents())
        XCTAssertNil(marks(app).first?.reason)
        let photo = folder.appendingPathComponent("p1.jpg")
        XCTAssertEqual(try marksRead(photo), "3 -")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(before).contains { $0.event == .marksKept(row: 1) } },
                      "the report kept the row's images: \(app.recentEvents())")
        XCTAssertFalse(app.trace.events.dropFirst(before).contains { record in
            switch record.event {
            case .state(1, .new, _, _), .queued(_, 1): true
            default: false
            }
        }, "nothing of row 1 is loaded again: \(app.recentEvents())")
        let thumbnail = app.directory.appendingPathComponent("cache/thumbnails/normal/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: photo.path)))").path
        let mtime = try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: photo.path)[.modificationDate] as? Date).map { Int($0.timeIntervalSince1970) })
        func described() -> String {
            (try? Tool.run("/usr/bin/identify", ["-format", "%[Thumb::MTime] %[Thumb::Image::Width]x%[Thumb::Image::Height]", thumbnail]).output) ?? "none"
        }
        XCTAssertTrue(poll(timeout: 15) { described() == "\(mtime) 90x40" }, "the shared thumbnail, for the marked file: \(described())")

        // Two selected (Ctrl+click adds p2): both rated at once, and one Undo sets both back.
        guard let second = try? AccessibleNames.extents(app, ofNameStartingWith: "p2.jpg, ") else { return XCTFail("p2.jpg is on screen") }
        try xvfb.run("xdotool", ["mousemove", "\(second.x + second.width / 2)", "\(second.y + second.height / 2)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        try xvfb.run("xdotool", ["key", "alt+5"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.marks(app).count == 3 }, app.recentEvents())
        let other = folder.appendingPathComponent("p2.jpg")
        XCTAssertEqual(try marksRead(photo), "5 -")
        XCTAssertEqual(try marksRead(other), "5 -")
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.marks(app).count == 5 }, app.recentEvents())
        XCTAssertEqual(try marksRead(photo), "3 -", "one Undo: each photo's own rating back")
        XCTAssertEqual(try marksRead(other), "- -")
        XCTAssertEqual(app.criticals, [])
    }

    /// The app killed (SIGKILL) at several points of a mark's write (each 4 KiB written waits,
    /// so the kills land inside it): the photo is always the whole old file or the whole new one.
    func testAKillMidWriteLeavesTheWholeOldPhotoOrTheWholeNewOne() throws {
        let folder = TemporaryFiles.url("marks-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("a.jpg")
        let original = TestImages.noiseJPEG(width: 1000, height: 700)
        // What a whole mark writes, made on a copy.
        let copy = TemporaryFiles.url("marks-expected-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: copy) }
        try original.write(to: copy)
        _ = try PhotoMarking.mark(copy.path, MarksChange(rating: 5), by: .here)
        let marked = try Data(contentsOf: copy)
        XCTAssertNotEqual(marked, original)

        let xvfb = try Xvfb()
        var outcomes: [String] = []
        for attempt in 0..<4 {
            try original.write(to: photo)
            let app = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: ["CLASSIC_PHOTOS_SLOW_WRITES": "1"])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
            XCTAssertTrue(try app.openViewerByClick(on: xvfb), app.recentEvents())
            try xvfb.run("xdotool", ["key", "alt+5"])
            let writing = poll(timeout: 20) {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasPrefix(".a.jpg.") }
            }
            XCTAssertTrue(writing, "attempt \(attempt): the write began")
            usleep(UInt32(attempt) * 80_000)
            app.process.signal(SIGKILL)
            XCTAssertTrue(app.process.wait(timeout: 10))
            let now = try Data(contentsOf: photo)
            XCTAssertTrue(now == original || now == marked, "attempt \(attempt): the photo is whole (\(now.count) bytes)")
            outcomes.append(now == original ? "old" : now == marked ? "new" : "broken")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(".") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        XCTAssertTrue(outcomes.contains("old"), "some kills landed mid-write: \(outcomes)")
    }
}
