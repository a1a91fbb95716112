// Why this exists: the filter bar and the rows' marks in the real app under Xvfb: marks written by exiftool (in a JPEG, a PNG, a GIF's sidecar) are said on the rows over AT-SPI, one written from outside while the app runs shows after the folder's change, the filter's conditions combine to the photos they should ("1 of 5 photos" in the header), and Move Rejects to Trash trashes the reject, with Undo.
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class FilterAppTests: XCTestCase {
    /// A folder of five photos, each with its own metadata written by exiftool.
    func markedFolder() throws -> URL {
        let folder = TemporaryFiles.url("filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.markPhotos(in: folder)
        return folder
    }

    /// Those five photos written into `folder` (a share's too).
    static func markPhotos(in folder: URL) throws {
        func photo(_ name: String, _ sample: String, _ tags: [String]) throws {
            let url = folder.appendingPathComponent(name)
            if name.hasSuffix(".gif") {
                _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent(sample).path, "-resize", "40x40", url.path])
            } else {
                try SamplePhotos.data(sample).write(to: url)
            }
            if !tags.isEmpty { _ = try Exiftool.run(["-overwrite_original", "-q"] + tags, url.path) }
        }
        try photo("a.jpg", "rocket.jpg", ["-XMP-xmp:Rating=5", "-XMP-digiKam:PickLabel=3", "-XMP-digiKam:TagsList=Places/Portugal/Lisbon",
                                          "-EXIF:Make=Fujifilm", "-EXIF:Model=X100V", "-EXIF:LensModel=23mm F2", "-EXIF:DateTimeOriginal=2024:05:02 10:00:00",
                                          "-GPSLatitude=38.7", "-GPSLatitudeRef=N", "-GPSLongitude=9.1", "-GPSLongitudeRef=W"])
        try photo("b.jpg", "rocket.jpg", ["-XMP-xmp:Rating=3", "-EXIF:Make=Canon", "-EXIF:Model=EOS R6", "-EXIF:LensModel=RF35mm F1.8",
                                          "-EXIF:DateTimeOriginal=2024:06:01 10:00:00"])
        try photo("c.jpg", "rocket.jpg", ["-XMP-xmp:Rating=-1", "-XMP-digiKam:PickLabel=1", "-EXIF:DateTimeOriginal=2024:05:20 10:00:00"])
        try photo("d.png", "horse.png", ["-XMP-xmp:Rating=4", "-XMP-digiKam:TagsList=Family"])
        try photo("e.gif", "horse.png", [])
        // The GIF's marks in its sidecar, as darktable writes one.
        try """
            <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="2"/></rdf:RDF></x:xmpmeta>
            <?xpacket end="w"?>
            """.write(to: folder.appendingPathComponent("e.gif.xmp"), atomically: true, encoding: .utf8)
    }

    func filtered(_ app: AppProcess) -> [(shown: Int, total: Int)] {
        app.trace.events.compactMap { if case .filtered(let shown, let total, _, _, _) = $0.event { (shown, total) } else { nil } }
    }

    func testRowsSayTheirMarksAndFiltersCombine() throws {
        let folder = try markedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.recentEvents())
        // Each row says its marks, read from the photo's XMP or from its sidecar.
        for name in ["a.jpg, 5 stars, picked", "b.jpg, 3 stars", "c.jpg, rejected", "d.png, 4 stars", "e.gif, 2 stars"] {
            XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: name, timeout: 30), "\(name): \(app.recentEvents())")
        }
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["key", "ctrl+f"])
        func filter(_ text: String, shows count: Int, slowly: Bool = false) {
            let before = filtered(app).count
            do {
                // Slowly: the keys held as long as a loaded machine holds them (xdotool lets go of
                // ctrl before "a"; the server must not repeat the "a" alone).
                try xvfb.run("xdotool", ["key"] + (slowly ? ["--delay", "1600"] : []) + ["ctrl+a", "BackSpace"])
                if !text.isEmpty { try xvfb.run("xdotool", ["type", "--delay", "15", text]) }
            } catch { XCTFail("\(error)") }
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.filtered(app).count > before && self.filtered(app).last?.shown == count },
                          "“\(text)” shows \(count): \(filtered(app)) \(app.recentEvents())")
        }
        filter("tag:lisbon", shows: 1)
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "1 of 5 photos", timeout: 20), "the header counts: \(app.recentEvents())")
        filter("tag:places/portugal", shows: 1)
        filter("camera:canon", shows: 1)
        filter("lens:35mm", shows: 1)
        filter("lens:mm from:2024-05", shows: 2)
        filter("lens:mm from:2024-05 to:2024-05", shows: 1)
        filter("from:2024-05-01 to:2024-05-31", shows: 2)
        filter("from:2024-05 to:2024-05 .jpg", shows: 2)
        filter("a.jpg camera:canon", shows: 0)
        filter("tag:family", shows: 1)
        filter(".jpg", shows: 3, slowly: true)
        filter("", shows: 5)
        // The rows left are the ones asked for, as a screen reader finds them.
        filter("lens:35mm", shows: 1)
        let names = try AccessibleNames.read(app).map(\.name)
        XCTAssertTrue(names.contains { $0.hasPrefix("b.jpg, 3 stars") }, "\(names)")
        XCTAssertFalse(names.contains { $0.hasPrefix("a.jpg,") }, "\(names)")
        // Sorted by date while a filter hides photos, those it lets back arrive where their dates put them.
        try app.setActionState("sort", "date-taken")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .sorted("date-taken", _, _, _) = $0.event { true } else { false } } })
        filter("from:2024-05 to:2024-06", shows: 3)
        let dated = try AccessibleNames.read(app).map(\.name).filter { [".jpg,", ".png,", ".gif,"].contains(where: $0.contains) }.map { String($0.prefix(5)) }
        XCTAssertEqual(dated, ["a.jpg", "c.jpg", "b.jpg"], "by date taken: May 2, May 20, June 1")
        try app.setActionState("sort", "name")
        // The `filter` action, as scripts use it, sets the bar's text.
        try app.activateAction("filter", string: "camera:fujifilm")
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.filtered(app).last?.shown == 1 }, "the filter action: \(filtered(app))")
        // Escape clears the bar: every photo again.
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.filtered(app).last?.shown == 5 }, "\(filtered(app))")
    }

    func testRatingWrittenFromOutsideShowsAfterTheFolderChanges() throws {
        let folder = try markedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "b.jpg, 3 stars", timeout: 30), app.recentEvents())
        _ = try Exiftool.run(["-overwrite_original", "-q", "-XMP-xmp:Rating=1"], folder.appendingPathComponent("b.jpg").path)
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "b.jpg, 1 star", timeout: 30), "exiftool's rating shows: \(app.recentEvents())")
        // A sidecar changed from outside: its photo's marks follow.
        let sidecar = folder.appendingPathComponent("e.gif.xmp")
        try (try String(contentsOf: sidecar, encoding: .utf8)).replacingOccurrences(of: "xmp:Rating=\"2\"", with: "xmp:Rating=\"5\"")
            .write(to: sidecar, atomically: true, encoding: .utf8)
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "e.gif, 5 stars", timeout: 30), "the sidecar's rating shows: \(app.recentEvents())")

        // Move Rejects to Trash: the reject alone goes, and Ctrl+Z puts it back.
        let reject = folder.appendingPathComponent("c.jpg")
        try app.activateAction("trash-rejects")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .trash(_, .trashed, _) = $0.event { true } else { false } } }, app.recentEvents())
        XCTAssertFalse(FileManager.default.fileExists(atPath: reject.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasSuffix(".xmp") }.sorted(), ["a.jpg", "b.jpg", "d.png", "e.gif"])
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .trash(_, .restored, _) = $0.event { true } else { false } } }, app.recentEvents())
        XCTAssertTrue(FileManager.default.fileExists(atPath: reject.path), "Undo puts the reject back")
    }

    func testTagsCompleteFromTheTagsTheGalleryUses() throws {
        let folder = try markedFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "a.jpg, 5 stars", timeout: 30), app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), app.recentEvents())
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "ctrl+t"])
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Tags to add to the photo", timeout: 20), "the tags dialog: \(app.recentEvents())")
        // "tram, pla" is completed to "tram, Places/Portugal/Lisbon", a.jpg's tag.
        try xvfb.run("xdotool", ["type", "--delay", "40", "tram, pla"])
        usleep(500_000)
        try xvfb.run("xdotool", ["key", "--delay", "200", "Down", "Return"])
        usleep(300_000)
        try xvfb.run("xdotool", ["key", "Return"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .marked(let path, _, _, nil) = $0.event { path.hasSuffix("b.jpg") } else { false } } },
                      app.recentEvents())
        XCTAssertEqual(try Exiftool.run(["-s3", "-f", "-XMP-digiKam:TagsList"], folder.appendingPathComponent("b.jpg").path).output
            .trimmingCharacters(in: .whitespacesAndNewlines), "tram, Places/Portugal/Lisbon")
    }
}
