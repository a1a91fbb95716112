// Why this exists: a manifest that cannot be loaded gets an in-window error naming the fault (not a crash, not a dialog), and Retry loads it once fixed.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ManifestErrorAppTests: XCTestCase {
    /// GTK 4.8's default theme draws an error GtkInfoBar in this warm tone (the window is #F6F5F4).
    static func isBar(_ p: (Int, Int, Int)) -> Bool {
        abs(p.0 - 241) <= 6 && abs(p.1 - 230) <= 6 && abs(p.2 - 217) <= 6
    }

    func barPixels(_ screen: Screenshot, rows: Range<Int>) -> Int {
        var count = 0
        for y in rows { for x in stride(from: 0, to: 700, by: 4) where Self.isBar(screen.rgb(x: x, y: y)) { count += 1 } }
        return count
    }

    func testBrokenManifestShowsErrorWithLineAndRetryLoadsTheFixedFile() throws {
        let directory = TemporaryFiles.url("broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let manifest = directory.appendingPathComponent("broken.json")
        try Data("[\n  {\"name\": \"Horse\", \"url\": \"horse.png\"},\n  {\"name\": \"Cat\" \"url\": \"cat.png\"}\n]\n".utf8).write(to: manifest)
        try SamplePhotos.data("horse.png").write(to: directory.appendingPathComponent("horse.png"))

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifestFailed } }, "stderr: \(app.stderr)")
        let failure = try XCTUnwrap(app.trace.events.first { $0.name == .manifestFailed })
        XCTAssertTrue(failure.reason?.contains("line 3") == true, "the reason names the line: \(failure.reason ?? "")")

        let before = try xvfb.waitForScreen(timeout: 10, path: app.directory.appendingPathComponent("error.png").path) {
            self.barPixels($0, rows: 50..<110) > 200 && Self.retryButton(in: $0) != nil
        }
        XCTAssertTrue(before.matched, "the error bar, with its Retry button, is shown in the window under the header bar")

        // Fix the file and press Retry (the bar's button has the keyboard focus path: click it).
        try Data("[{\"name\": \"Horse\", \"url\": \"horse.png\"}]".utf8).write(to: manifest)
        let location = try XCTUnwrap(Self.retryButton(in: before.screen), "found the Retry button")
        try xvfb.run("xdotool", ["mousemove", "\(location.x)", "\(location.y)", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "Retry loaded the fixed manifest")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered })
        let after = try xvfb.waitForScreen(timeout: 10, path: app.directory.appendingPathComponent("fixed.png").path) {
            self.barPixels($0, rows: 50..<110) < 20
        }
        XCTAssertTrue(after.matched, "the error bar is gone")
        XCTAssertEqual(app.criticals, [])
    }

    /// The Retry button sits at the right end of the bar: the bar's rightmost run of other
    /// pixels (the button) on a line through the bar.
    static func retryButton(in screen: Screenshot) -> (x: Int, y: Int)? {
        for y in 60..<100 {
            let red = (0..<715).map { isBar(screen.rgb(x: $0, y: y)) }
            guard red.filter({ $0 }).count > 300 else { continue }
            // The button: the last stretch of non-red pixels before the bar's right end.
            guard let end = red.lastIndex(of: true) else { continue }
            var x = end
            while x > 0 && red[x] { x -= 1 }
            var start = x
            while start > 0 && !red[start] { start -= 1 }
            if x - start > 20 { return ((start + x) / 2, y + 6) }
        }
        return nil
    }
}
