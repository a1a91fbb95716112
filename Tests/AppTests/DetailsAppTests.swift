// Why this exists: the viewer's Details panel (F9) shows what a photo says about itself, read in the app's sandboxed decoding helpers with gexiv2: camera, lens, exposure, aperture, ISO, focal length, flash, date, size, place (linked to a map), title, description and keywords, worded as GNOME words them, read over AT-SPI; a photo that says nothing shows none of those headings.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class DetailsAppTests: XCTestCase {
    static let expected = ["Canon EOS 5D Mark IV", "EF50mm f/1.8 STM", "1/250 s", "ƒ/2.8", "ISO 400", "50 mm (75 mm in 35 mm)", "Fired",
                           "6,720 × 4,480 pixels", "48.85837° N, 2.29448° E", "Evening at the tower", "From the Champ de Mars", "Paris, tower"]

    func texts(_ app: AppProcess) -> [String] { ((try? AccessibleNames.labelTexts(app)) ?? []).map(\.text) }

    func testDetailsShowWhatThePhotoSays() throws {
        let folder = TemporaryFiles.url("details-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = try TestDetails.photo("heic", in: folder)
        try FileManager.default.moveItem(at: heic, to: folder.appendingPathComponent("a.heic"))
        let jpeg = try TestDetails.photo("jpg", in: folder)
        try FileManager.default.moveItem(at: jpeg, to: folder.appendingPathComponent("b.jpg"))
        try TestImages.encoded(width: 120, height: 80, type: "jpeg") { _, _ in [10, 20, 30] }.write(to: folder.appendingPathComponent("c.jpg"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("details-plain.png"))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(0, _, _, _, _, _) = $0.event { true } else { false } } }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "F9"])
        for (row, name) in [(0, "HEIC"), (1, "JPEG")] {
            if row == 1 {
                try xvfb.run("xdotool", ["key", "Right"])
                XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } })
            }
            XCTAssertTrue(poll(timeout: 10) { Set(Self.expected).isSubset(of: Set(self.texts(app))) },
                          "\(name): missing \(Set(Self.expected).subtracting(Set(texts(app))))")
            XCTAssertTrue(texts(app).contains { $0.contains("2019") && $0.hasSuffix("(UTC+02:00)") }, "\(name): the date taken, with its offset")
        }
        // A photo that says nothing: no camera heading.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(2, _, _, _, _, _) = $0.event { true } else { false } } })
        XCTAssertTrue(poll(timeout: 10) { !self.texts(app).contains("Camera") && !self.texts(app).contains("Canon EOS 5D Mark IV") },
                      "fields the photo lacks are left out: \(texts(app))")
        XCTAssertEqual(app.parsersMapped(), [], "details read in the helpers: the app maps no parser")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }

    /// Hostile metadata, read by the app's helpers: every row reaches sepia, the viewer shows
    /// each photo, Details shows what could be read (texts cleaned), and the app stays up.
    func testHostileMetadataLeavesRowsAndViewerWorking() throws {
        let folder = TemporaryFiles.url("hostile-details-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = TestImages.encoded(width: 120, height: 80, type: "jpeg") { _, _ in [200, 120, 40] }
        try TestDetails.jpeg(plain, app1: TestDetails.ifdLoop).write(to: folder.appendingPathComponent("a loop.jpg"))
        try TestDetails.jpeg(plain, app1: TestDetails.noise).write(to: folder.appendingPathComponent("b noise.jpg"))
        let bidi = try TestDetails.photo("jpg", in: folder)
        try TestDetails.write(to: bidi, extra: ["-Model=evil\u{202E}gpj.exe\u{0007}", "-XMP-dc:Title=" + String(repeating: "x", count: 5_000)])
        try FileManager.default.moveItem(at: bidi, to: folder.appendingPathComponent("c bidi.jpg"))
        let huge = try TestDetails.photo("png", in: folder)
        let packet = folder.appendingPathComponent(".huge.txt")
        try Data(repeating: UInt8(ascii: "y"), count: 16 << 20).write(to: packet)
        try TestDetails.write(to: huge, extra: ["-XMP-dc:Description<=" + packet.path])
        try FileManager.default.moveItem(at: huge, to: folder.appendingPathComponent("d huge xmp.png"))
        try FileManager.default.removeItem(at: packet)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("details-plain.png"))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every row reached sepia: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        try xvfb.run("xdotool", ["key", "F9"])
        for row in 0..<4 {
            if row > 0 { try xvfb.run("xdotool", ["key", "Right"]) }
            XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(row, _, _, _, _, _) = $0.event { true } else { false } } },
                          "row \(row) shown in the viewer: \(app.recentEvents())")
            if row == 2 {
                XCTAssertTrue(poll(timeout: 10) { self.texts(app).contains("Canon evil\u{FFFD}gpj.exe\u{FFFD}") },
                              "the model, its bidi and control characters shown as marks: \(texts(app))")
                XCTAssertTrue(texts(app).contains(String(repeating: "x", count: 200)), "the title cut short")
                XCTAssertTrue(texts(app).contains("1/250 s"), "the rest of its details")
            }
        }
        XCTAssertTrue(app.process.isRunning, "the app is up")
        XCTAssertEqual(app.criticals, [])
    }
}
