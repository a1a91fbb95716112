// Why this exists: Rotate in the real app under Xvfb: a JPEG turned four times keeps its scan data byte for byte and only its orientation changes, the viewer shows it turned, Ctrl+Z turns it back, a HEIC and a PNG turned once decode turned in the app and ImageMagick, a read-only photo is refused with the reason; and against faults: the app killed mid-write at many points leaves the whole old photo or the whole new one, and a full or read-only disk (a tmpfs in the app's own mount namespace) leaves it untouched.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class RotateAppTests: XCTestCase {
    func turns(_ app: AppProcess) -> [(QuarterTurn, String?)] {
        app.trace.events.compactMap { if case .turned(_, let turn, let reason) = $0.event { (turn, reason) } else { nil } }
    }

    func orientation(_ path: String) throws -> String {
        try Exiftool.run(["-s3", "-n", "-Orientation"], path).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bytes from the first SOS marker: the coded pixels.
    static func scanData(_ jpeg: Data) -> Data {
        let bytes = [UInt8](jpeg)
        var at = 2
        while at + 4 <= bytes.count, bytes[at + 1] != 0xDA { at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])) }
        return Data(bytes[min(at, bytes.count)...])
    }

    func openViewer(_ app: AppProcess, _ xvfb: Xvfb) throws {
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the first photo: \(app.recentEvents())")
    }

    func testRotateJPEGHEICAndRefusals() throws {
        let folder = TemporaryFiles.url("rotate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jpeg = folder.appendingPathComponent("a.jpg"), heic = folder.appendingPathComponent("b.heic")
        let png = folder.appendingPathComponent("c.png"), locked = folder.appendingPathComponent("d.jpg")
        let original = OrientedPhotos.jpeg(orientation: 1)
        try original.write(to: jpeg)
        try original.write(to: locked)
        XCTAssertEqual(chmod(locked.path, 0o444), 0)
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "64x64", heic.path])
        try SamplePhotos.data("coffee.png").write(to: png)
        let pngBytes = try Data(contentsOf: png)
        let webp = folder.appendingPathComponent("e.webp"), lossy = folder.appendingPathComponent("f.webp")
        _ = try Tool.run("/usr/bin/convert", [png.path, "-resize", "60x40", "-define", "webp:lossless=true", webp.path])
        _ = try Tool.run("/usr/bin/convert", [png.path, "-resize", "60x40", lossy.path])
        let lossyBytes = try Data(contentsOf: lossy)
        func pixels(_ path: String, _ options: [String] = []) throws -> String {
            try Tool.run("/bin/sh", ["-c", "convert \"$0\" \"$@\" -depth 8 rgba:- | sha256sum", path] + options).output
        }
        let webpTurned = try pixels(webp.path, ["-rotate", "90"])

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try openViewer(app, xvfb)

        // Four turns: the viewer shows each; the coded pixels never change.
        let sizes = [(160, 240), (240, 160), (160, 240), (240, 160)]
        for (index, size) in sizes.enumerated() {
            let shown = app.trace.events.count
            try xvfb.run("xdotool", ["key", "ctrl+r"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == index + 1 }, "turn \(index + 1): \(app.recentEvents())")
            XCTAssertNil(turns(app).last?.1)
            XCTAssertEqual(Self.scanData(try Data(contentsOf: jpeg)), Self.scanData(original), "turn \(index + 1): the scan data is the original's")
            XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(shown).contains {
                if case .fullImage(0, size.0, size.1, _, _, _) = $0.event { true } else { false } } }, "the viewer shows it \(size): \(app.recentEvents())")
        }
        XCTAssertEqual(try orientation(jpeg.path), "1", "four turns: upright again")
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 5 }, "undone: \(app.recentEvents())")
        XCTAssertEqual(turns(app).last?.0, .anticlockwise)
        XCTAssertEqual(try orientation(jpeg.path), "8", "Ctrl+Z turned the last turn back")

        // The HEIC: turned once, libheif (through ImageMagick) shows it turned.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } })
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 6 }, "the HEIC turned: \(app.recentEvents())")
        XCTAssertNil(turns(app).last?.1)
        let size = try Tool.run("/usr/bin/convert", [heic.path, "-format", "%wx%h", "info:"]).output
        XCTAssertEqual(size, "43x64", "ImageMagick shows it turned")

        // The PNG: its pixels turned, read turned by the app and by ImageMagick. The read-only JPEG is refused.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(2, 600, 400, _, _, _) = $0.event { true } else { false } } })
        let beforePNG = app.trace.events.count
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 7 })
        XCTAssertNil(turns(app).last?.1)
        XCTAssertNotEqual(try Data(contentsOf: png), pngBytes)
        XCTAssertEqual(try Tool.run("/usr/bin/identify", ["-format", "%wx%h", png.path]).output, "400x600", "ImageMagick reads it turned")
        XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(beforePNG).contains {
            if case .fullImage(2, 400, 600, _, _, _) = $0.event { true } else { false } } }, "the viewer shows it turned: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(3, _, _, _, _, _) = $0.event { true } else { false } } })
        try xvfb.run("xdotool", ["key", "ctrl+shift+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 8 })
        XCTAssertEqual(turns(app).last?.1, "the photo is read-only")
        XCTAssertEqual(try Data(contentsOf: locked), original)

        // A lossless WebP: its pixels turned in a decoding helper, read turned by the app and by
        // ImageMagick. A lossy one is refused, untouched.
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(4, 60, 40, _, _, _) = $0.event { true } else { false } } })
        let beforeWebP = app.trace.events.count
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 9 })
        XCTAssertNil(turns(app).last?.1)
        XCTAssertEqual(try Tool.run("/usr/bin/identify", ["-format", "%wx%h", webp.path]).output, "40x60", "ImageMagick reads it turned")
        XCTAssertEqual(try pixels(webp.path), webpTurned, "clockwise, every pixel as it was")
        XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(beforeWebP).contains {
            if case .fullImage(4, 40, 60, _, _, _) = $0.event { true } else { false } } }, "the viewer shows it turned: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(5, _, _, _, _, _) = $0.event { true } else { false } } })
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 10 })
        XCTAssertEqual(turns(app).last?.1, "a lossy WebP cannot be turned without re-encoding it")
        XCTAssertEqual(try Data(contentsOf: lossy), lossyBytes)
        // JPEG, HEIC, PNG and WebP turned: the parsers the edits need ran in the helpers.
        XCTAssertEqual(app.parsersMapped(), [], "the app maps no parser")
        XCTAssertEqual(app.criticals, [])
    }

    /// The app killed (SIGKILL) at many points of a turn's write (each 4 KiB written waits 2 ms,
    /// so the kills land inside it): the photo is always the whole old file or the whole new one.
    func testAKillMidWriteLeavesTheWholeOldPhotoOrTheWholeNewOne() throws {
        let folder = TemporaryFiles.url("rotate-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("a.jpg")
        let original = TestImages.noiseJPEG(width: 1000, height: 700)
        // What a whole turn writes, made on a copy.
        let copy = TemporaryFiles.url("rotate-expected-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: copy) }
        try original.write(to: copy)
        try PhotoTurning.turn(copy.path, .clockwise)
        let turned = try Data(contentsOf: copy)
        XCTAssertNotEqual(turned, original)

        let xvfb = try Xvfb()
        var outcomes: [String] = []
        for attempt in 0..<6 {
            try original.write(to: photo)
            let app = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: ["CLASSIC_PHOTOS_SLOW_WRITES": "1"])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
            try openViewer(app, xvfb)
            try xvfb.run("xdotool", ["key", "ctrl+r"])
            let writing = poll(timeout: 20) {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasPrefix(".a.jpg.turning-") }
            }
            XCTAssertTrue(writing, "attempt \(attempt): the write began")
            usleep(UInt32(attempt) * 60_000)
            app.process.signal(SIGKILL)
            XCTAssertTrue(app.process.wait(timeout: 10))
            let now = try Data(contentsOf: photo)
            XCTAssertTrue(now == original || now == turned, "attempt \(attempt): the photo is whole (\(now.count) bytes)")
            outcomes.append(now == original ? "old" : now == turned ? "new" : "broken")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(".") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
        }
        XCTAssertTrue(outcomes.contains("old"), "some kills landed mid-write: \(outcomes)")
    }

    /// A full disk (a 2 MB tmpfs, filled, in the app's own mount namespace), then the same disk
    /// read-only: each refused with its reason, the photo untouched, no temporary file left.
    func testAFullDiskOrAReadOnlyOneLeavesThePhotoUntouched() throws {
        let root = TemporaryFiles.url("rotate-full-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("source"), mount = root.appendingPathComponent("volume")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let original = OrientedPhotos.jpeg(orientation: 1)
        try original.write(to: source.appendingPathComponent("a.jpg"))
        let script = "mount -t tmpfs -o size=2m tmpfs \"$0\" && cp \"$1\"/* \"$0\"/ && { cat /dev/zero > \"$0/.filler\" 2>/dev/null; shift; exec \"$@\"; }"
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [mount.path],
                                 wrapper: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, mount.path, source.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try openViewer(app, xvfb)
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in !self.turns(app).isEmpty }, app.recentEvents())
        XCTAssertEqual(turns(app).first?.1, "the disk is full")
        let seen = "/proc/\(app.process.processIdentifier)/root\(mount.path)"
        XCTAssertEqual(FileManager.default.contents(atPath: seen + "/a.jpg"), original, "the photo is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: seen).sorted(), [".filler", "a.jpg"], "no temporary file is left")

        // The same disk made read-only (with room again): refused, with that reason.
        _ = try Tool.run("/usr/bin/nsenter", ["--mount", "--target", "\(app.process.processIdentifier)", "/bin/sh", "-c",
                                              "rm \"$0/.filler\" && mount -o remount,ro \"$0\"", mount.path])
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.turns(app).count == 2 }, app.recentEvents())
        XCTAssertEqual(turns(app).last?.1, "its folder is on a read-only disk")
        XCTAssertEqual(FileManager.default.contents(atPath: seen + "/a.jpg"), original, "the photo is untouched")
        XCTAssertEqual(app.criticals, [])
    }

    /// Another program writes the photo while the app writes its turned copy (slowed, so the
    /// edit lands between the app's read and its rename): the other program's photo stays, and
    /// the turn is refused with the reason.
    func testAnOutsideEditDuringATurnIsNeverOverwritten() throws {
        let folder = TemporaryFiles.url("rotate-race-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("a.jpg")
        try TestImages.noiseJPEG(width: 1000, height: 700).write(to: photo)
        let theirs = OrientedPhotos.jpeg(orientation: 3)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: ["CLASSIC_PHOTOS_SLOW_WRITES": "1"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try openViewer(app, xvfb)
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(poll(timeout: 20) { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { $0.hasPrefix(".a.jpg.turning-") } },
                      "the write began")
        // Another program saves over it in place, as an editor that does not rename does.
        let handle = try FileHandle(forWritingTo: photo)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: theirs)
        try handle.close()
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in !self.turns(app).isEmpty }, app.recentEvents())
        XCTAssertEqual(turns(app).first?.1, "another program changed it meanwhile; it was left as it is")
        XCTAssertEqual(try Data(contentsOf: photo), theirs, "the other program's photo stays")
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: folder.path).contains { $0.hasPrefix(".") }, "no temporary file is left")
        XCTAssertEqual(app.criticals, [])
    }
}
