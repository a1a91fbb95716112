// Why this exists: the real app keeps a photo's metadata where it writes one, carried over in its sandboxed helpers and read back with exiftool: Save As keeps all of it (the place too) with orientation 1; Export Gallery keeps the camera and date and leaves the location out unless asked (`--export-keep-location`).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class KeptMetadataAppTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("kept-metadata-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let photo = try TestDetails.turnedPhotoWithPlaces("jpg", in: folder)
        try FileManager.default.moveItem(at: photo, to: folder.appendingPathComponent("tower.jpg"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("details-plain.png"))
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func assertCameraDateAndUpright(_ tags: [String: Any], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV", what, file: file, line: line)
        XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"] as? String, "2019:07:14 18:32:05", what, file: file, line: line)
        XCTAssertEqual(tags["IFD0:Orientation"] as? Int, 1, "\(what): written upright", file: file, line: line)
        XCTAssertNil(tags["IFD1:ThumbnailImage"], what, file: file, line: line)
    }

    func export(keepingLocation: Bool) throws -> URL {
        let out = folder.appendingPathComponent(keepingLocation ? "with-location" : "shared")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path] + (keepingLocation ? ["--export-keep-location"] : []) + [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .exportEnded } }, app.recentEvents())
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path), ["tower (sepia).jpg"])
        let written = out.appendingPathComponent("tower (sepia).jpg")
        XCTAssertTrue(app.trace.events.contains { $0.event == .metadata(path: written.path, kept: .all, location: keepingLocation, reason: nil) },
                      "the trace says what was kept: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
        return written
    }

    func testExportLeavesTheLocationOutUnlessAsked() throws {
        let shared = try TestDetails.readBack(try export(keepingLocation: false))
        assertCameraDateAndUpright(shared, "export")
        XCTAssertEqual(TestDetails.places(shared), [], "no GPS, no place names")
        let asked = try TestDetails.readBack(try export(keepingLocation: true))
        assertCameraDateAndUpright(asked, "export with location")
        XCTAssertEqual((asked["GPS:GPSLatitude"] as? Double) ?? 0, 48.85837, accuracy: 0.0001, "kept when asked")
    }

    func testSaveAsKeepsEverything() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .fullImage } }, "the viewer shows the photo")
        let saved = app.directory.appendingPathComponent("saved.webp").path
        try app.saveShownPhoto(as: saved, xvfb)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .saved(row: 0, path: saved, format: .webp, sepia: true, reason: nil) } },
                      "saved: \(app.recentEvents())")
        XCTAssertTrue(app.trace.events.contains { $0.event == .metadata(path: saved, kept: .all, location: true, reason: nil) }, app.recentEvents())
        let tags = try TestDetails.readBack(URL(fileURLWithPath: saved))
        assertCameraDateAndUpright(tags, "Save As")
        XCTAssertEqual((tags["GPS:GPSLatitude"] as? Double) ?? 0, 48.85837, accuracy: 0.0001, "Save As keeps the place")
        XCTAssertEqual(tags["XMP-dc:Title"] as? String, "Evening at the tower")
        XCTAssertEqual(tags["ICC_Profile:ProfileDescription"] as? String, "sRGB built-in")
        XCTAssertEqual(app.criticals, [])
    }
}
