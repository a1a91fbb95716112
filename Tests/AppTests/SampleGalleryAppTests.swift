// Why this exists: the real app under Xvfb opens the bundled sample gallery: every row ends sepia or failed, and the screen shows the right thumbnails.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class SampleGalleryAppTests: XCTestCase {
    func testSampleGalleryShowsEveryRowFilteredOrFailed() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }

        XCTAssertTrue(app.trace.wait(timeout: 30) { events in events.contains { $0.name == .manifest } },
                      "the sample manifest loaded; stderr: \(app.stderr)")
        let manifest = try XCTUnwrap(app.trace.events.first { $0.name == .manifest })
        XCTAssertEqual(manifest.manifestRows, 19)
        XCTAssertTrue((manifest.manifestSource ?? "").hasSuffix("sample-gallery/ClassicPhotos.plist"))

        // Every row on screen ends filtered or failed (the window shows about six of them).
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            let states = app.trace.finalStates
            return (0..<6).allSatisfy { [PhotoState.filtered, .failed].contains(states[$0]?.state) }
        }, "visible rows finished; states: \(app.trace.finalStates.mapValues { $0.state?.rawValue ?? "" })")
        let states = app.trace.finalStates
        XCTAssertEqual(states[4]?.state, .failed, "row 4 is misnamed on purpose")
        XCTAssertTrue(states[4]?.reason?.contains("No such file") == true, "\(states[4]?.reason ?? "no reason")")
        for row in [0, 1, 2, 3, 5] { XCTAssertEqual(states[row]?.state, .filtered, "row \(row)") }

        // Once the screen has settled, look at the pixels: each visible row shows its own sepia thumbnail.
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("sample.png").path)
        let visible = ["astronaut.png", "chelsea.png", "coffee.png", "hubble_deep_field.jpg", "rocket.jpg"]
        var found: [Int] = []
        for file in visible {
            let match = screen.bestMatch(try ExpectedThumbnails.sepia(file), xs: 12..<40, ys: 40..<660)
            XCTAssertLessThan(match.difference, 4, "\(file) is drawn as its sepia thumbnail (best match \(match))")
            found.append(match.y)
        }
        XCTAssertEqual(found, found.sorted(), "thumbnails appear in the manifest's order: \(found)")
        // Control: the unfiltered photo does not match where the sepia one is drawn.
        let plain = try ExpectedThumbnails.original("chelsea.png")
        let unfiltered = Screenshot.Template(width: plain.width, height: plain.height) { x, y in
            let p = plain.pixel(x: x, y: y); return (Int(p[0]), Int(p[1]), Int(p[2]))
        }
        XCTAssertGreaterThan(screen.bestMatch(unfiltered, xs: 12..<40, ys: 40..<660).difference, 4,
                             "the unfiltered photo must not be what is on screen")

        // Scroll to the end: the rest of the gallery loads, and the second misnamed row fails too.
        try xvfb.run("xdotool", ["mousemove", "360", "300", "click", "--repeat", "15", "--delay", "60", "5"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            let states = app.trace.finalStates
            return (0..<19).allSatisfy { [PhotoState.filtered, .failed].contains(states[$0]?.state) }
        }, "every row finished; states: \(app.trace.finalStates.mapValues { $0.state?.rawValue ?? "" })")
        let all = app.trace.finalStates
        XCTAssertEqual(all.values.filter { $0.state == .filtered }.count, 17, "every good row is sepia-filtered")
        XCTAssertEqual(all.filter { $0.value.state == .failed }.keys.sorted(), [4, 11], "both misnamed rows failed")
        XCTAssertTrue(all[11]?.reason?.contains("rocket_launch.jpeg") == true, "\(all[11]?.reason ?? "")")
        XCTAssertEqual(app.criticals, [], "no GLib-CRITICAL")
    }

    /// The sample photo with transparency (the gift box): the row shows its sepia thumbnail where
    /// it is opaque, whatever background shows through the rest.
    func testATransparentPhotoShowsItsOwnSepiaThumbnail() throws {
        let folder = TemporaryFiles.url("transparent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try SamplePhotos.data("present.png").write(to: folder.appendingPathComponent("present.png"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, "the row reaches sepia")
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("present.png").path)
        let match = screen.bestMatch(try ExpectedThumbnails.sepia("present.png"), xs: 12..<40, ys: 40..<200)
        XCTAssertLessThan(match.difference, 4, "the gift box is drawn as its sepia thumbnail (best match \(match))")
        XCTAssertEqual(app.criticals, [])
    }
}
