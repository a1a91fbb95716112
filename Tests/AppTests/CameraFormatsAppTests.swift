// Why this exists: a camera's formats in the real app: a JPEG XL, a DNG with its preview, a DNG without one turned by its tags, and each cut short, in one folder; each shows its own sepia thumbnail or fails its row with a reason, the viewer shows the RAW, Rotate turns it in its sidecar, and the app's process never maps libraw or libjxl.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class CameraFormatsAppTests: XCTestCase {
    /// The folder: whole files, and the same cut short ("cut …").
    static func cameraFolder() throws -> (folder: URL, files: [String: Data]) {
        let folder = TemporaryFiles.url("camera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = folder.appendingPathComponent("source.png"), jxl = folder.appendingPathComponent("coffee.jxl")
        let coffee = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        XCTAssertEqual(try Tool.run("/usr/bin/convert", [coffee, "-resize", "240x180", "-strip", png.path]).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [png.path, jxl.path, "-d", "1"], timeout: 120).status, 0)
        try FileManager.default.removeItem(at: png)
        var files: [String: Data] = [
            "coffee.jxl": try Data(contentsOf: jxl),
            // Larger than RawHead.searchBytes, so its row is made from its head alone.
            "chelsea.dng": try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("chelsea.png").path, width: 720, height: 480),
            "turned.dng": try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("astronaut.png").path, width: 240, height: 240,
                                           orientation: 6, preview: false),
        ]
        files["cut coffee.jxl"] = files["coffee.jxl"]!.prefix(files["coffee.jxl"]!.count / 2)
        files["cut chelsea.dng"] = files["chelsea.dng"]!.prefix(400)
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        return (folder, files)
    }

    func testCameraFormatsShowInSepiaOrFailWithAReason() throws {
        let (folder, files) = try Self.cameraFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = files.keys.sorted()
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "the folder opened: \(app.stderr.suffix(400))")
        XCTAssertEqual(app.trace.events.compactMap { if case .manifest(let rows, _) = $0.event { return rows } else { return nil } }, [names.count],
                       "every camera file is listed as a photo")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in
            (0..<names.count).allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) }
        }, "every row ends: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")
        let states = app.trace.finalStates
        for (row, name) in names.enumerated() {
            if name.hasPrefix("cut ") {
                XCTAssertEqual(states[row]?.state, .failed, "\(name) fails")
                XCTAssertFalse((states[row]?.reason ?? "").isEmpty, "\(name) says why")
            } else {
                XCTAssertEqual(states[row]?.state, .filtered, "\(name) reaches sepia: \(states[row]?.reason ?? "")")
            }
        }
        // Each whole file's row shows its own sepia thumbnail (the RAW turned upright).
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("camera.png").path)
        for name in names where !name.hasPrefix("cut ") {
            let match = screen.bestMatch(try ExpectedThumbnails.sepia(data: files[name]!, name: name), xs: 18..<30, ys: 40..<660)
            XCTAssertLessThan(match.difference, 6, "\(name) is drawn as its sepia thumbnail (best match \(match))")
        }
        try rotateInSidecar(app, xvfb, folder: folder, files: files)
        XCTAssertEqual(app.parsersMapped(), [], "libraw and libjxl are mapped in the helpers only")
        XCTAssertEqual(app.criticals, [])
    }

    /// The viewer shows the first photo, a DNG, from its preview, then developed. Rotate turns it
    /// in its sidecar: the viewer and its row show it turned,
    /// the DNG is never written, and Undo turns the sidecar back.
    func rotateInSidecar(_ app: AppProcess, _ xvfb: Xvfb, folder: URL, files: [String: Data]) throws {
        let dng = folder.appendingPathComponent("chelsea.dng"), sidecar = dng.path + ".xmp"
        func turns() -> [String?] { app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason } else { nil } } }
        func orientation() throws -> String {
            try Exiftool.run(["-s3", "-n", "-XMP-tiff:Orientation"], sidecar).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the DNG: \(app.recentEvents())")
        // Its camera's preview at once, then its sensor's data developed.
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in
            let shown = events.filter { if case .fullImage(0, 720, 480, _, _, _) = $0.event { true } else { false } }.count
            return shown >= 2 && events.contains { if case .viewer(0, .developing) = $0.event { true } else { false } }
        }, "the preview, then the developed picture: \(app.recentEvents())")
        let before = app.trace.events.count
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in turns().count == 1 }, "turned: \(app.recentEvents())")
        XCTAssertEqual(turns(), [nil], "turned, not refused")
        XCTAssertEqual(try orientation(), "6", "its sidecar keeps the turn")
        XCTAssertEqual(try Data(contentsOf: dng), files["chelsea.dng"], "the DNG is not written")
        XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(before).contains {
            if case .fullImage(0, 480, 720, _, _, _) = $0.event { true } else { false } } }, "the viewer shows it turned: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Escape"])
        let screen = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("turned.png").path)
        let match = screen.bestMatch(try ExpectedThumbnails.sepia(data: files["chelsea.dng"]!, name: "chelsea.dng", sidecarOrientation: 6), xs: 18..<30, ys: 40..<660)
        XCTAssertLessThan(match.difference, 8, "its row shows it turned (best match \(match))")
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in turns().count == 2 }, "undone: \(app.recentEvents())")
        XCTAssertEqual(try orientation(), "1", "Undo turned its sidecar back")
        XCTAssertEqual(try Data(contentsOf: dng), files["chelsea.dng"])
        // Another program (darktable, say) turns it in its sidecar: the row starts over and shows it turned.
        let restarts = { app.trace.events.filter { $0.event == .state(row: 0, state: .new, reason: nil) }.count }
        let restartsBefore = restarts()
        XCTAssertEqual(try Exiftool.run(["-overwrite_original", "-n", "-XMP-tiff:Orientation=8"], sidecar).status, 0)
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in restarts() > restartsBefore && app.trace.finalStates[0]?.state == .filtered },
                      "the row starts over and ends: \(app.recentEvents())")
        let outside = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("turned-outside.png").path)
        let turnedOutside = outside.bestMatch(try ExpectedThumbnails.sepia(data: files["chelsea.dng"]!, name: "chelsea.dng", sidecarOrientation: 8),
                                              xs: 18..<30, ys: 40..<660)
        XCTAssertLessThan(turnedOutside.difference, 8, "its row shows it as the sidecar now turns it (best match \(turnedOutside))")
        // The app's own rating, kept in the same sidecar: the report of it keeps the row's images.
        let row = try XCTUnwrap(try AccessibleNames.extents(app, ofNameStartingWith: "chelsea.dng, "), "the row is on screen")
        try xvfb.run("xdotool", ["mousemove", "\(row.x + row.width / 2)", "\(row.y + row.height / 2)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        let beforeRating = app.trace.events.count, restartsBeforeRating = restarts()
        try xvfb.run("xdotool", ["key", "alt+3"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.dropFirst(beforeRating).contains { $0.event == .marksKept(row: 0) } },
                      "the report kept the row's images: \(app.recentEvents())")
        XCTAssertEqual(try Exiftool.run(["-s3", "-n", "-XMP-xmp:Rating"], sidecar).output.trimmingCharacters(in: .whitespacesAndNewlines), "3")
        XCTAssertEqual(restarts(), restartsBeforeRating, "nothing of it is loaded again")
    }

    /// A three-frame animation (red, blue, green) as `ext`: a JPEG XL made by cjxl from a GIF, or
    /// an AVIF sequence made by avifenc from three PNGs.
    static func animation(_ ext: String, in folder: URL) throws -> URL {
        let colours = ["#e02020", "#2040e0", "#20c040"]
        let target = folder.appendingPathComponent("anim.\(ext)")
        if ext == "jxl" {
            let gif = folder.appendingPathComponent("anim.gif")
            XCTAssertEqual(try Tool.run("/usr/bin/convert", ["-delay", "20", "-size", "300x300"] + colours.map { "xc:\($0)" } + ["-loop", "0", gif.path]).status, 0)
            XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [gif.path, target.path], timeout: 120).status, 0)
        } else {
            var pngs: [String] = []
            for (index, colour) in colours.enumerated() {
                let png = folder.appendingPathComponent("\(index).png").path
                XCTAssertEqual(try Tool.run("/usr/bin/convert", ["-size", "300x300", "xc:\(colour)", png]).status, 0)
                pngs.append(png)
            }
            XCTAssertEqual(try Tool.run("/usr/bin/avifenc", ["--fps", "5"] + pngs + [target.path], timeout: 120).status, 0)
        }
        return target
    }

    /// An animated JPEG XL and an AVIF sequence play in the viewer: three frames, told by the
    /// trace, and more than one colour on screen over a second.
    func testAnimatedJPEGXLAndAVIFPlayInTheViewer() throws {
        let folder = TemporaryFiles.url("camera-animation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for ext in ["jxl", "avif"] {
            // Made in a folder of its own, and opened alone from another.
            let made = folder.appendingPathComponent("made-\(ext)"), shown = folder.appendingPathComponent(ext)
            try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: shown, withIntermediateDirectories: true)
            let file = shown.appendingPathComponent("anim.\(ext)")
            try FileManager.default.moveItem(at: try Self.animation(ext, in: made), to: file)
            let xvfb = try Xvfb()
            defer { xvfb.stop() }
            let app = try AppProcess(display: xvfb.display, arguments: [file.path])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .animation(0, 3, .playing, _) = $0.event { return true } else { return false } } },
                          "the \(ext) plays its three frames: \(app.recentEvents())")
            var seen: Set<String> = []
            let path = app.directory.appendingPathComponent("frame.png").path
            for _ in 0..<12 where seen.count < 2 {
                try xvfb.screenshot(to: path)
                let (r, g, b) = try Screenshot(path: path).rgb(x: 345, y: 340)
                seen.insert("\(r / 32),\(g / 32),\(b / 32)")
                usleep(120_000)
            }
            XCTAssertGreaterThanOrEqual(seen.count, 2, "the \(ext)'s frames change on screen: \(seen)")
            XCTAssertEqual(app.parsersMapped(), [], "decoded in the helpers")
            XCTAssertEqual(app.criticals, [])
        }
    }
}
