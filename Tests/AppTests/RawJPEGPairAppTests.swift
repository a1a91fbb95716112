// Why this exists: a camera's RAW file and its JPEG in the real app under Xvfb: one row, the JPEG's, that says "RAW and JPEG"; Rotate turns both (the JPEG by its EXIF, the RAW in its sidecar) and Rate rates both, with Undo (a read-only JPEG's pair too, each in its sidecar); Move to Trash moves both to GLib's trash on disk, and Ctrl+Z puts both back, paired again.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class RawJPEGPairAppTests: XCTestCase {
    func label(_ app: AppProcess, _ name: String) -> String? {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).first { $0.hasPrefix(name + ", ") }
    }

    func steps(_ app: AppProcess, _ step: TrashStep) -> Int {
        app.trace.events.filter { if case .trash(_, step, _) = $0.event { true } else { false } }.count
    }

    func total(_ app: AppProcess) -> Int? {
        app.trace.events.last { $0.name == .folderChanged }.flatMap { if case .folderChanged(_, _, _, let total) = $0.event { total } else { nil } }
    }

    func exif(_ tag: String, _ path: String) throws -> String {
        try Exiftool.run(["-s3", "-n", tag], path).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testARawAndItsJPEGAreOnePhotoThatRotatesTrashesAndComesBackTogether() throws {
        let root = TemporaryFiles.url("pair-app-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("photos"), data = root.appendingPathComponent("data")
        for path in [folder, root.appendingPathComponent("home")] { try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true) }
        let jpegBytes = OrientedPhotos.jpeg(orientation: 1)
        let dngBytes = try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("chelsea.png").path, width: 120, height: 80)
        let jpeg = folder.appendingPathComponent("IMG_0001.JPG"), raw = folder.appendingPathComponent("IMG_0001.DNG")
        try jpegBytes.write(to: jpeg)
        try dngBytes.write(to: raw)
        try jpegBytes.write(to: folder.appendingPathComponent("IMG_0002.JPG"))
        // A pair whose JPEG is read-only: its marks go to the JPEG's sidecar, and its RAW's.
        let lockedJPEG = folder.appendingPathComponent("IMG_0003.JPG"), lockedRaw = folder.appendingPathComponent("IMG_0003.DNG")
        try jpegBytes.write(to: lockedJPEG)
        try dngBytes.write(to: lockedRaw)
        XCTAssertEqual(chmod(lockedJPEG.path, 0o444), 0)
        let xvfb = try Xvfb()
        // The trash is the home trash when the photos are on the home folder's file system.
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["HOME": root.appendingPathComponent("home").path, "XDG_DATA_HOME": data.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, app.recentEvents())
        XCTAssertEqual(app.trace.events.compactMap { if case .manifest(let rows, _) = $0.event { return rows } else { return nil } }, [3],
                       "the RAWs have no rows of their own")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        XCTAssertTrue(poll(timeout: 15) { self.label(app, "IMG_0001.JPG")?.contains("RAW and JPEG") == true }, "its row says so: \(String(describing: label(app, "IMG_0001.JPG")))")
        XCTAssertEqual(label(app, "IMG_0002.JPG")?.contains("RAW and JPEG"), false, "a JPEG alone does not")

        // Rotate: the JPEG by its EXIF, the RAW in its sidecar.
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the pair: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .turned(_, _, nil) = $0.event { true } else { false } } }, app.recentEvents())
        XCTAssertEqual(try exif("-Orientation", jpeg.path), "6", "the JPEG turned")
        XCTAssertEqual(try exif("-XMP-tiff:Orientation", raw.path + ".xmp"), "6", "and its RAW, in its sidecar")
        XCTAssertEqual(try Data(contentsOf: raw), dngBytes, "the RAW is never written")

        // Rate: the JPEG in its XMP, the RAW in its sidecar (where darktable reads it), keeping its
        // turn; Ctrl+Z sets each back to what it had.
        func marked() -> Int { app.trace.events.filter { if case .marked(_, _, _, nil) = $0.event { true } else { false } }.count }
        let ratings = { [try self.exif("-XMP-xmp:Rating", jpeg.path), try self.exif("-XMP-xmp:Rating", raw.path + ".xmp")] }
        // darktable rated the RAW already: Undo gives each file back its own.
        XCTAssertEqual(try Exiftool.run(["-overwrite_original", "-XMP-xmp:Rating=2"], raw.path + ".xmp").status, 0)
        let unrated = try ratings()
        XCTAssertEqual(unrated, ["", "2"])
        try xvfb.run("xdotool", ["key", "alt+4"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in marked() == 1 }, app.recentEvents())
        XCTAssertEqual(try ratings(), ["4", "4"], "the JPEG and its RAW are rated")
        XCTAssertEqual(try exif("-XMP-tiff:Orientation", raw.path + ".xmp"), "6", "the RAW's sidecar keeps its turn")
        XCTAssertEqual(try Data(contentsOf: raw), dngBytes, "the RAW is never written")
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in marked() == 2 }, app.recentEvents())
        XCTAssertEqual(try ratings(), unrated, "Undo sets each back")

        // The pair with the read-only JPEG: both rated, each in its sidecar; its JPEG unchanged.
        func moved(to row: Int) -> Bool {
            app.trace.wait(timeout: 20) { $0.contains { $0.event == .viewer(row: row, action: .moved) } }
        }
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(moved(to: 1), app.recentEvents())
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(moved(to: 2), app.recentEvents())
        try xvfb.run("xdotool", ["key", "alt+5"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in marked() == 3 }, app.recentEvents())
        XCTAssertEqual([try exif("-XMP-xmp:Rating", lockedJPEG.path + ".xmp"), try exif("-XMP-xmp:Rating", lockedRaw.path + ".xmp")], ["5", "5"],
                       "the read-only JPEG and its RAW are rated, each in its sidecar")
        XCTAssertEqual(try Data(contentsOf: lockedJPEG), jpegBytes, "the read-only JPEG is not written")
        try xvfb.run("xdotool", ["key", "Left"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.filter { $0.event == .viewer(row: 1, action: .moved) }.count == 2 }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "Left"])
        XCTAssertTrue(moved(to: 0), app.recentEvents())

        // Move to Trash: both go; Ctrl+Z: both come back, one photo again.
        try xvfb.run("xdotool", ["key", "Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .trashed) == 1 }, "trashed: \(app.recentEvents())")
        XCTAssertFalse(FileManager.default.fileExists(atPath: jpeg.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: raw.path), "the RAW went with its JPEG")
        let files = data.appendingPathComponent("Trash/files")
        XCTAssertEqual(try Data(contentsOf: files.appendingPathComponent("IMG_0001.DNG")), dngBytes, "the RAW is in the trash")
        XCTAssertTrue(FileManager.default.fileExists(atPath: files.appendingPathComponent("IMG_0001.JPG").path))
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.total(app) == 2 }, "one row went, not two: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .restored) == 1 }, "restored: \(app.recentEvents())")
        XCTAssertEqual(try Data(contentsOf: raw), dngBytes, "the RAW came back")
        XCTAssertTrue(FileManager.default.fileExists(atPath: jpeg.path), "and its JPEG")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: files.path), [], "nothing left in the trash")
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.total(app) == 3 }, "one row came back: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(poll(timeout: 15) { self.label(app, "IMG_0001.JPG")?.contains("RAW and JPEG") == true }, "paired again: \(String(describing: label(app, "IMG_0001.JPG")))")
        XCTAssertNil(label(app, "IMG_0001.DNG"), "the RAW has no row")
        XCTAssertEqual(app.criticals, [])
    }
}
