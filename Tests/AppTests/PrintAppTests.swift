// Why this exists: Print (Ctrl+P) in the real app under Xvfb, through GTK's own print dialog and its Print to File backend: one PDF page holding the photo as shown (sepia, or the original once S switched it), fitted, on a page turned the photo's way; read back with pdfinfo and pdftoppm.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class PrintAppTests: XCTestCase {
    func printed(_ app: AppProcess) -> [PrintEnding] {
        app.trace.events.compactMap { if case .printed(_, _, let outcome, _) = $0.event { outcome } else { nil } }
    }

    /// Ctrl+P, then Print to File and Print in GTK's dialog, as a user would.
    func print(_ app: AppProcess, _ xvfb: Xvfb, count: Int) throws {
        try xvfb.run("xdotool", ["key", "ctrl+p"])
        var place: (x: Int, y: Int, width: Int, height: Int)?
        XCTAssertTrue(poll(timeout: 30) { place = try? AccessibleNames.extents(app, ofNameStartingWith: "Print to File"); return place != nil },
                      "the print dialog lists Print to File: \(app.recentEvents())")
        guard let place else { return }
        try xvfb.run("xdotool", ["mousemove", "\(place.x + 20)", "\(place.y + place.height / 2)", "click", "1"])
        XCTAssertTrue(poll(timeout: 15) { (try? AccessibleNames.press(app, "Print")) == true }, "Print pressed")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.printed(app).count == count }, "printed: \(app.recentEvents())")
        XCTAssertEqual(printed(app).last, .printed)
    }

    /// The PDF's one page as a picture: its size in points, and the mean colour and share of
    /// non-white pixels of its rendering.
    func page(_ pdf: String) throws -> (width: Double, height: Double, red: Double, green: Double, blue: Double, covered: Double) {
        let info = try Tool.run("/usr/bin/pdfinfo", [pdf]).output
        XCTAssertTrue(info.contains("Pages:           1"), info)
        let size = try XCTUnwrap(info.split(separator: "\n").first { $0.hasPrefix("Page size:") })
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        let png = pdf + ".png"
        _ = try Tool.run("/usr/bin/pdftoppm", ["-r", "20", "-png", "-singlefile", pdf, pdf])
        let picture = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: png))))
        var sums = [0.0, 0.0, 0.0], covered = 0
        let channels = picture.hasAlpha ? 4 : 3
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let at = picture.pixels + y * picture.rowStride + x * channels
                let (r, g, b) = (Double(at[0]), Double(at[1]), Double(at[2]))
                if r + g + b < 740 { covered += 1; sums[0] += r; sums[1] += g; sums[2] += b }
            }
        }
        let count = Double(max(covered, 1))
        return (numbers[0], numbers[1], sums[0] / count, sums[1] / count, sums[2] / count, Double(covered) / Double(picture.width * picture.height))
    }

    func testPrintToAPDFInSepiaAndTheOriginalOnTheirOwnPageOrientation() throws {
        let root = TemporaryFiles.url("print-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("photos"), home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // A wide grey-blue photo and a tall blue one.
        try TestImages.encoded(width: 600, height: 400) { _, _ in [90, 110, 140] }.write(to: folder.appendingPathComponent("a wide.png"))
        try TestImages.encoded(width: 300, height: 500) { _, _ in [20, 40, 220] }.write(to: folder.appendingPathComponent("b tall.png"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["HOME": home.path, "GTK_PRINT_BACKENDS": "file"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the first photo: \(app.recentEvents())")

        // The wide photo in sepia (as the viewer shows it): a landscape page, mostly photo, warm.
        try print(app, xvfb, count: 1)
        let wide = try page(home.appendingPathComponent("a wide (sepia).pdf").path)
        XCTAssertGreaterThan(wide.width, wide.height, "a landscape page")
        XCTAssertGreaterThan(wide.covered, 0.6, "the photo fills the page: \(wide)")
        XCTAssertTrue(wide.red > wide.green && wide.green > wide.blue, "sepia: \(wide)")

        // The tall one, switched to the original: a portrait page, blue.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } })
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, false, _, _) = $0.event { true } else { false } } }, "the original shows")
        try print(app, xvfb, count: 2)
        let tall = try page(home.appendingPathComponent("b tall.pdf").path)
        XCTAssertLessThan(tall.width, tall.height, "a portrait page")
        XCTAssertGreaterThan(tall.covered, 0.5, "the photo fills the page: \(tall)")
        XCTAssertTrue(tall.blue > 150 && tall.red < 80, "the original's blue: \(tall)")
        XCTAssertEqual(app.criticals, [])
    }
}
