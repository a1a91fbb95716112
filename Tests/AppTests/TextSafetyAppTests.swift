// Why this exists: what a gallery's author writes cannot hide or reorder the window's text: a row named with a direction override, and a gallery whose file name holds one, show a visible mark instead, and the gallery's name keeps its own direction in the header (read over AT-SPI, as a screen reader would).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class TextSafetyAppTests: XCTestCase {
    func testNamesThatWouldReorderTextAreShownWithAVisibleMark() throws {
        let folder = TemporaryFiles.url("text-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // "photo<RLO>gpj.exe" reads "photoexe.jpg" with the override; the gallery's file name too.
        let table = RowTable([("photo\u{202E}gpj.exe", SamplePhotos.directory.appendingPathComponent("coffee.png").absoluteString, "filtered")])
        let manifest = folder.appendingPathComponent("\u{202E}nosj.gallery.json")
        try Data(table.json.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 30)
        var names: [String] = []
        XCTAssertTrue(poll(timeout: 15) {
            names = ((try? AccessibleNames.read(app)) ?? []).map(\.name)
            return names.contains { $0.hasPrefix("photo\u{FFFD}gpj.exe") }
        }, "the row's name with a visible mark: \(names.filter { $0.contains("photo") })")
        XCTAssertTrue(names.contains { $0.hasPrefix("\u{2068}\u{FFFD}nosj.gallery\u{2069} · ") }, "the header: the name isolated, marked: \(names.filter { $0.contains("·") })")
        XCTAssertFalse(names.contains { $0.unicodeScalars.contains { $0.value == 0x202E } }, "no override reaches the window")
        XCTAssertEqual(app.criticals, [])
    }
}
