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
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }
}
