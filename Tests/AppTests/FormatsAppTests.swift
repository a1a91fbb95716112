// Why this exists: the formats photos come in, made at test time by the real encoders (ImageMagick; SVG written by hand): each shows in its row in sepia, and each cut short fails only its own row, with a reason; a drawing zoomed in the viewer is rendered again, sharper.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class FormatsAppTests: XCTestCase {
    /// The extensions ImageMagick writes here, each read by a GdkPixbuf loader the install script installs.
    static let encoded = ["webp", "avif", "heic", "tiff", "gif", "bmp", "ico"]

    /// A drawing with a declared size, and one with only a viewBox (it gets a default size).
    static let svgs = [
        "drawing.svg": ##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#1060e0"/><circle cx="80" cy="60" r="40" fill="#f0c020"/></svg>"##,
        "viewbox.svg": ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"><rect width="40" height="30" fill="#20a040"/></svg>"##,
    ]

    /// "coffee.<ext>" for every format, from one colourful sample photo, and the two drawings.
    static func formatFolder() throws -> URL {
        let folder = TemporaryFiles.url("formats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        for format in Self.encoded {
            let target = folder.appendingPathComponent("coffee.\(format)").path
            let made = try Tool.run("/usr/bin/convert", [source, "-resize", "200x200", target], timeout: 120)
            XCTAssertEqual(made.status, 0, "convert wrote \(format): \(made.output)")
        }
        for (name, text) in Self.svgs { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    func rowNames(_ app: AppProcess, among names: [String]) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in names.first { label.hasPrefix($0 + ", ") } }
    }

    func testEveryFormatShowsInItsRowInSepia() throws {
        let folder = try Self.formatFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = (Self.encoded.map { "coffee.\($0)" } + Self.svgs.keys).sorted()
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "the folder opened: \(app.stderr.suffix(400))")
        XCTAssertEqual(app.trace.events.compactMap { if case .manifest(let rows, _) = $0.event { return rows } else { return nil } }, [names.count],
                       "every format is listed as a photo")
        // The window shows about seven rows; the rest load as the prefetch band.
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in (0..<names.count).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "every row reaches sepia: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")

        // The rows on screen show each photo's own sepia thumbnail, decoded from that very file.
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("formats.png").path)
        let shown = Set(rowNames(app, among: names))
        XCTAssertGreaterThanOrEqual(shown.count, 5, "rows on screen: \(shown)")
        for name in names where shown.contains(name) && name.hasPrefix("coffee.") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            // (Thumbnails sit 23 px from the window's left; a narrow band keeps the search quick.)
            let match = screen.bestMatch(try ExpectedThumbnails.sepia(data: data), xs: 18..<30, ys: 40..<660)
            XCTAssertLessThan(match.difference, 6, "\(name) is drawn as its sepia thumbnail (best match \(match))")
        }
        XCTAssertEqual(app.criticals, [])
    }

    func testEachFormatCutShortFailsOnlyItsOwnRowWithAReason() throws {
        let folder = try Self.formatFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = (Self.encoded.map { "coffee.\($0)" } + Self.svgs.keys).sorted()
        for name in names {
            let file = folder.appendingPathComponent(name)
            let data = try Data(contentsOf: file)
            try data.prefix(data.count / 2).write(to: file)
        }
        // One whole photo among them still loads.
        try SamplePhotos.data("present.png").write(to: folder.appendingPathComponent("a whole photo.png"))
        let all = (names + ["a whole photo.png"]).sorted()
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 90) { _ in
            (0..<all.count).allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) }
        }, "every row ends: \(app.trace.finalStates.mapValues { $0.state?.rawValue ?? "" })")
        let states = app.trace.finalStates
        for (row, name) in all.enumerated() {
            if name == "a whole photo.png" {
                XCTAssertEqual(states[row]?.state, .filtered, "the whole photo loads")
            } else {
                XCTAssertEqual(states[row]?.state, .failed, "\(name) cut short fails, not a partial image")
                XCTAssertFalse((states[row]?.reason ?? "").isEmpty, "\(name) says why")
            }
        }
        XCTAssertEqual(app.criticals, [])
    }

    /// A phone's photo stored sideways (EXIF orientation 6) shows upright in its row, in sepia.
    func testASidewaysPhotoIsUprightInItsRow() throws {
        let folder = TemporaryFiles.url("oriented-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try OrientedPhotos.jpeg(orientation: 6).write(to: folder.appendingPathComponent("turned.jpg"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, "the row loads: \(app.stderr.suffix(300))")
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("oriented.png").path)
        let upright = screen.bestMatch(try ExpectedThumbnails.sepia(data: OrientedPhotos.uprightPNG()), xs: 18..<30, ys: 40..<200)
        XCTAssertLessThan(upright.difference, 6, "the row shows the picture upright (best match \(upright))")
        // Control: the picture as stored, not turned, is not what the row shows.
        let stored = TestImages.encode(try XCTUnwrap(TestImages.decode(OrientedPhotos.jpeg(orientation: 6))), type: "png")
        XCTAssertGreaterThan(screen.bestMatch(try ExpectedThumbnails.sepia(data: stored), xs: 18..<30, ys: 40..<200).difference, 6)
        XCTAssertEqual(app.criticals, [])
    }

    /// An SVG opened in the viewer and zoomed past its rendering is rendered again, larger (not
    /// its bitmap scaled up), and shown in place at the same zoom.
    func testADrawingZoomedInTheViewerIsRenderedAgain() throws {
        let folder = TemporaryFiles.url("drawing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("drawing.svg")
        try Data(try XCTUnwrap(Self.svgs["drawing.svg"]).utf8).write(to: file)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [file.path])
        defer { app.stop() }
        func renderings() -> [Int] {
            app.trace.events.compactMap { if case .fullImage(0, let width, _, _, _, _) = $0.event { return width } else { return nil } }
        }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in !renderings().isEmpty }, "the viewer shows it: \(app.stderr.suffix(300))")
        let first = try XCTUnwrap(renderings().first)
        let window = try app.mainWindow(on: xvfb)
        for _ in 0..<5 { try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "plus"]) }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in renderings().contains { $0 > first * 5 / 4 } },
                      "rendered again larger than the first \(first) pixels: \(renderings()); \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }
}
