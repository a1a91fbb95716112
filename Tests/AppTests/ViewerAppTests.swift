// Why this exists: the full-size viewer driven with real input under Xvfb: open by click and by Enter, zoom keys, Ctrl+wheel, double-click and drag read back from the screen's pixels, moving between photos, fullscreen and Escape, a photo opened while its download is in flight, a failed photo and a bomb.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class ViewerAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    /// A 1800 × 1200 photo whose colour says where each pixel is: red grows left to right, green
    /// top to bottom, blue is 64. A screen pixel's colour tells which point of the photo is drawn there.
    static let gradientSize = (width: 1800, height: 1200)
    static func gradientPNG() -> Data {
        let (w, h) = gradientSize
        return TestImages.encoded(width: w, height: h) { x, y in [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), 64] }
    }

    /// The photo's x under a screen pixel (from its red), and y (from its green); nil on the background.
    static func photoPoint(_ screen: Screenshot, _ x: Int, _ y: Int) -> (x: Double, y: Double)? {
        let (r, g, b) = screen.rgb(x: x, y: y)
        guard abs(b - 64) <= 3 else { return nil }
        return (Double(r) * Double(gradientSize.width - 1) / 255, Double(g) * Double(gradientSize.height - 1) / 255)
    }

    /// The zoom drawn on screen: photo pixels per 300 screen pixels across the middle.
    static func zoom(_ screen: Screenshot) -> Double? {
        guard let left = photoPoint(screen, 210, 340), let right = photoPoint(screen, 510, 340), right.x > left.x else { return nil }
        return 300 / (right.x - left.x)
    }

    func galleryFolder() throws -> URL {
        let directory = TemporaryFiles.url("viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Self.gradientPNG().write(to: directory.appendingPathComponent("gradient.png"))
        try SamplePhotos.data("coffee.png").write(to: directory.appendingPathComponent("coffee.png"))
        try TestImages.pngBomb().write(to: directory.appendingPathComponent("bomb.png"))
        let rows = [("Gradient", "gradient.png"), ("Coffee", "coffee.png"), ("Missing", "missing.png"), ("Bomb", "bomb.png")]
        let json = "[" + rows.map { "{\"name\": \"\($0.0)\", \"url\": \"\($0.1)\"}" }.joined(separator: ",\n") + "]"
        try Data(json.utf8).write(to: directory.appendingPathComponent("viewer.json"))
        return directory
    }

    func viewerEvents(_ app: AppProcess) -> [TraceEvent] { app.trace.events.map(\.event).filter { $0.name == .viewer } }
    func fullImages(_ app: AppProcess) -> [TraceEvent] { app.trace.events.map(\.event).filter { $0.name == .fullImage } }

    func settled(_ xvfb: Xvfb, _ app: AppProcess, _ name: String) throws -> Screenshot {
        try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("\(name).png").path)
    }

    func testZoomPanMoveAndLeave() throws {
        let directory = try galleryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [directory.appendingPathComponent("viewer.json").path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            (0..<4).allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) }
        }, "the rows loaded: \(app.trace.finalStates.mapValues { $0.state?.rawValue ?? "" })")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])

        // A click on the first row opens it: the photo decoded to fit the screen (1600 px), in
        // sepia, replaces the thumbnail.
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.fullImages(app).contains { $0 == .fullImage(row: 0, width: 1600, height: 1067, sepia: true, from: .file, ms: self.ms($0)) } },
                      "the full image was shown: \(fullImages(app))")
        XCTAssertEqual(viewerEvents(app).first, .viewer(row: 0, action: .opened))
        XCTAssertEqual(app.trace.events.last { $0.name == .page }?.event, .page(name: "viewer"))

        // S shows the original, whose colours say where each point is.
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.fullImages(app).contains { self.isFull($0, row: 0, sepia: false) } }, "S: the original")
        var screen = try settled(xvfb, app, "fit")
        let fit = try XCTUnwrap(Self.zoom(screen), "the photo is drawn")
        XCTAssertEqual(fit, 0.4, accuracy: 0.03, "best fit: 720 px wide for 1800")
        XCTAssertNil(Self.photoPoint(screen, 360, 70), "best fit leaves the background above the photo")

        // 1 is 100 %, 0 best fit again; + zooms 125 % around the centre.
        try xvfb.run("xdotool", ["key", "1"])
        screen = try settled(xvfb, app, "one")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), 1, accuracy: 0.05, "1: 100 %")
        XCTAssertNotNil(Self.photoPoint(screen, 360, 70), "at 100 % the photo fills the view")
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.fullImages(app).contains { $0 == .fullImage(row: 0, width: 1800, height: 1200, sepia: false, from: .memory, ms: self.ms($0)) } },
                      "zoomed past the screen-sized image, the full one replaces it, from the bytes held: \(fullImages(app))")
        let centre = try XCTUnwrap(Self.photoPoint(screen, 360, 343))
        XCTAssertEqual(centre.x, 900, accuracy: 15, "zoomed around the centre")
        try xvfb.run("xdotool", ["key", "0"])
        screen = try settled(xvfb, app, "zero")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), fit, accuracy: 0.02, "0: best fit")
        try xvfb.run("xdotool", ["key", "plus"])
        screen = try settled(xvfb, app, "plus")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), fit * 1.25, accuracy: 0.03, "+: 125 %")
        try xvfb.run("xdotool", ["key", "minus"])
        screen = try settled(xvfb, app, "minus")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), fit, accuracy: 0.02, "−: back")

        // Ctrl+wheel zooms around the pointer: the point under it stays. (Level with the view's
        // centre: the photo's edges may not come inside the view, which can move it vertically.)
        try xvfb.run("xdotool", ["mousemove", "250", "343"])
        screen = try settled(xvfb, app, "before-wheel")
        let underPointer = try XCTUnwrap(Self.photoPoint(screen, 250, 343))
        try xvfb.run("xdotool", ["keydown", "ctrl", "click", "4", "click", "4", "keyup", "ctrl"])
        screen = try settled(xvfb, app, "wheel")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), fit * 1.25 * 1.25, accuracy: 0.04, "two Ctrl+wheel clicks: 156 %")
        let stillUnder = try XCTUnwrap(Self.photoPoint(screen, 250, 343))
        XCTAssertEqual(stillUnder.x, underPointer.x, accuracy: 12, "the point under the pointer stays")
        XCTAssertEqual(stillUnder.y, underPointer.y, accuracy: 12)

        // A double-click: best fit ↔ 100 %, around the point clicked.
        try xvfb.run("xdotool", ["key", "0"])
        screen = try settled(xvfb, app, "fit-again")
        let clicked = try XCTUnwrap(Self.photoPoint(screen, 450, 250))
        try xvfb.run("xdotool", ["mousemove", "450", "250", "click", "--repeat", "2", "--delay", "80", "1"])
        screen = try settled(xvfb, app, "double-click")
        XCTAssertEqual(try XCTUnwrap(Self.zoom(screen)), 1, accuracy: 0.05, "double-click: 100 %")
        let afterClick = try XCTUnwrap(Self.photoPoint(screen, 450, 250))
        // (One step of red is 7 photo pixels: the reading is good to about two.)
        XCTAssertEqual(afterClick.x, clicked.x, accuracy: 20, "around the point clicked")

        // Drag pans: the point grabbed follows the pointer.
        usleep(600_000) // no third click
        let grabbed = try XCTUnwrap(Self.photoPoint(screen, 400, 300))
        try xvfb.run("xdotool", ["mousemove", "400", "300", "mousedown", "1", "mousemove", "380", "290", "mousemove", "340", "270",
                                 "mousemove", "300", "250", "mouseup", "1"])
        screen = try settled(xvfb, app, "drag")
        let moved = try XCTUnwrap(Self.photoPoint(screen, 300, 250))
        XCTAssertEqual(moved.x, grabbed.x, accuracy: 12, "dragged with the pointer")
        XCTAssertEqual(moved.y, grabbed.y, accuracy: 12)
        // Ctrl+Right pans too.
        let before = try XCTUnwrap(Self.photoPoint(screen, 360, 343))
        try xvfb.run("xdotool", ["key", "ctrl+Right"])
        screen = try settled(xvfb, app, "ctrl-right")
        XCTAssertGreaterThan(try XCTUnwrap(Self.photoPoint(screen, 360, 343)).x, before.x + 30, "Ctrl+Right shows more of the right")

        // Next, previous, last and first; failed rows are shown with their reason, not skipped.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.fullImages(app).contains { $0.row == 1 } }, "Right: the next photo")
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 2, action: .moved) })
        XCTAssertTrue(try waitForName(app, containing: "missing.png"), "the missing photo's reason is shown")
        try xvfb.run("xdotool", ["key", "End"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 3, action: .moved) })
        XCTAssertTrue(try waitForName(app, containing: "30000 × 30000"), "the bomb is refused with its reason")
        try xvfb.run("xdotool", ["key", "Home"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 0, action: .moved) })
        try xvfb.run("xdotool", ["key", "Page_Down"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 1, action: .moved) })

        // F11: fullscreen; Escape leaves fullscreen first, then the viewer. (Xvfb has no window
        // manager to carry out the request, so the trace says what was asked.)
        try xvfb.run("xdotool", ["key", "F11"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 1, action: .fullscreen) }, "F11: fullscreen")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 1, action: .windowed) }, "Escape: out of fullscreen")
        XCTAssertEqual(app.trace.events.last { $0.name == .page }?.event, .page(name: "viewer"), "still in the viewer")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).last == .viewer(row: 1, action: .closed) })
        // The list's page is traced just after the viewer's close (the same callback, a moment later).
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.last { $0.name == .page }?.event == .page(name: "list") }, "back on the list")

        // Enter on the focused row opens it again.
        try xvfb.run("xdotool", ["key", "Return"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in self.viewerEvents(app).filter { $0 == .viewer(row: $0.row ?? -1, action: .opened) }.count == 2 },
                      "Enter opened a photo: \(viewerEvents(app))")
        try xvfb.run("xdotool", ["key", "alt+Left"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in if case .viewer(_, .closed) = self.viewerEvents(app).filter({ $0.row != nil }).last { return true } else { return false } },
                      "Alt+Left: back to the list")
        XCTAssertEqual(app.criticals, [])
    }

    /// A photo opened while its download is in flight waits on that download (one request for
    /// it on the server), and its image appears; moving to the last photo and leaving shows the
    /// list at that photo.
    func testAPhotoOpenedWhileDownloadingWaitsOnTheDownload() throws {
        let marker = UUID().uuidString
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display,
                                 arguments: [Self.server.baseURL.absoluteString + "/gallery.json?count=40&delay=1500&m=\(marker)"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .started(queue: .download, row: 0) } }, "row 0 is downloading")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .dependency(row: 0, on: .download) } },
                      "the viewer waits on the list's download")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.fullImages(app).contains { $0.row == 0 } }, "the image appears")
        let shown = try XCTUnwrap(fullImages(app).first { $0.row == 0 })
        guard case .fullImage(_, _, _, _, let from, _) = shown else { return XCTFail("\(shown)") }
        XCTAssertEqual(from, .download, "taken from the download: \(shown)")
        let requests = Self.server.requests.filter { $0.contains(marker) && $0.hasSuffix("row=0") }
        XCTAssertEqual(requests.count, 1, "one request for the photo: \(Self.server.requests.suffix(5))")

        // The last photo (not downloaded by the list): the viewer fetches it itself.
        try xvfb.run("xdotool", ["key", "End"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.fullImages(app).contains { $0.row == 39 } }, "the last photo appears")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in
            app.trace.events.contains { $0.event.range?.contains(39) == true }
        }, "the list shows the photo the viewer showed last")
        XCTAssertEqual(app.criticals, [])
    }

    // MARK: helpers

    func ms(_ event: TraceEvent) -> Double {
        if case .fullImage(_, _, _, _, _, let ms) = event { return ms }
        return -1
    }

    func isFull(_ event: TraceEvent, row: Int, sepia: Bool) -> Bool {
        if case .fullImage(row, _, _, sepia, _, _) = event { return true }
        return false
    }

    func waitForName(_ app: AppProcess, containing text: String, timeout: TimeInterval = 10) throws -> Bool {
        poll(timeout: timeout) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains(text) } }
    }

}
