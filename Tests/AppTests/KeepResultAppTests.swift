// Why this exists: keeping the result, driven as a user would under Xvfb: Copy read back by another X client (xclip), Save As through the real chooser, and a gallery's export with faults, cancelled halfway, and into a full disk, each checked in the files written.
import DecodeHelper
import Foundation
import GdkPixbuf
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class KeepResultAppTests: XCTestCase {
    /// The photo as the app should keep it: decoded whole, in sepia (the pipeline's own filter).
    static func expectedSepia(_ data: Data) throws -> Thumbnail {
        let image = try ImageDecoder(maxDimension: 1 << 14).decode(data)
        return try PipelineSettings().sepia.filter(image, isCancelled: { false })
    }

    /// The largest difference of any RGB channel between `pixbuf` and `expected`, over a grid of points.
    static func largestDifference(_ pixbuf: Pixbuf, _ expected: Thumbnail) -> Int {
        let kept = Thumbnail(pixbuf)
        var largest = 0
        for y in stride(from: 0, to: expected.height, by: 37) {
            for x in stride(from: 0, to: expected.width, by: 41) {
                let a = kept.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                for c in 0..<3 { largest = max(largest, abs(Int(a[c]) - Int(b[c]))) }
            }
        }
        return largest
    }

    func viewerGallery() throws -> URL {
        let directory = TemporaryFiles.url("keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try ViewerAppTests.gradientPNG().write(to: directory.appendingPathComponent("gradient.png"))
        try SamplePhotos.data("coffee.png").write(to: directory.appendingPathComponent("coffee.png"))
        let json = #"[{"name": "Gradient/Left", "url": "gradient.png"}, {"name": "Coffee", "url": "coffee.png"}]"#
        try Data(json.utf8).write(to: directory.appendingPathComponent("keep.json"))
        return directory
    }

    func loaded(_ app: AppProcess, rows: Int) -> Bool {
        app.trace.wait(timeout: 60) { _ in (0..<rows).allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } }
    }

    /// Copy (Ctrl+C) in the viewer: another X client pastes the photo as PNG, at its full size
    /// (1800 × 1200, not the 1600-pixel screen decode), in sepia. Save As (Ctrl+S) through the
    /// chooser writes the same pixels, as PNG, by the name typed.
    func testCopyAndSaveAsFromTheViewer() throws {
        let directory = try viewerGallery()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [directory.appendingPathComponent("keep.json").path])
        defer { app.stop() }
        XCTAssertTrue(loaded(app, rows: 2), app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .fullImage } }, "the viewer shows the photo")

        let expected = try Self.expectedSepia(ViewerAppTests.gradientPNG())
        try xvfb.run("xdotool", ["key", "ctrl+c"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .copied(row: 0, width: 1800, height: 1200, sepia: true) } },
                      "copied at full size: \(app.recentEvents())")
        let pasted = app.directory.appendingPathComponent("pasted.png").path
        _ = try Tool.run("/bin/sh", ["-c", "xclip -selection clipboard -t image/png -o > '\(pasted)'"], environment: ["DISPLAY": xvfb.display])
        let clipboard = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: pasted))), "the clipboard holds a PNG")
        XCTAssertEqual([clipboard.width, clipboard.height], [1800, 1200])
        XCTAssertLessThanOrEqual(Self.largestDifference(clipboard, expected), 1, "the clipboard's image is the sepia photo")

        // Save As: the chooser suggests the name, made safe ("/" is not a file name's).
        let saved = app.directory.appendingPathComponent("saved.png").path
        XCTAssertEqual(try app.saveShownPhoto(as: saved, xvfb), "Gradient-Left (sepia).jpg", "the suggested name")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .saved(row: 0, path: saved, format: .png, sepia: true, reason: nil) } },
                      "saved: \(app.recentEvents())")
        let file = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: saved))), "a PNG was written")
        XCTAssertEqual([file.width, file.height], [1800, 1200], "at full size")
        XCTAssertLessThanOrEqual(Self.largestDifference(file, expected), 1, "the file is the sepia photo")
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == "Saved to \(saved)" } }, "the note says where")
        XCTAssertEqual(app.criticals, [])
    }

    /// A 300-row gallery with faults: missing files, broken ones, names that repeat, a name with
    /// a path in it, and a file of the same name already in the folder.
    func faultyGallery() throws -> (directory: URL, manifest: URL, good: [String], failing: Int) {
        let directory = TemporaryFiles.url("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for i in 0..<6 {
            try TestImages.encoded(width: 120 + i, height: 90, type: "jpeg") { x, y in [UInt8((x * 2 + i * 40) & 255), UInt8(y * 2 & 255), 90] }
                .write(to: directory.appendingPathComponent("p\(i).jpg"))
        }
        try Data("not an image at all".utf8).write(to: directory.appendingPathComponent("broken.jpg"))
        var rows: [(String, String)] = []
        var failing = 0
        for row in 0..<300 {
            let name = row == 7 ? "../../etc/passwd" : "Photo \(row % 100)"
            if row % 25 == 3 { rows.append((name, "missing-\(row).jpg")); failing += 1 }
            else if row % 30 == 4 { rows.append((name, "broken.jpg")); failing += 1 }
            else { rows.append((name, "p\(row % 6).jpg")) }
        }
        let json = "[" + rows.map { "{\"name\": \"\($0.0)\", \"url\": \"\($0.1)\"}" }.joined(separator: ",\n") + "]"
        let manifest = directory.appendingPathComponent("gallery.json")
        try Data(json.utf8).write(to: manifest)
        // The names the export gives, in row order, skipping the failing rows (their names are
        // taken too: a name is given as the row is queued, before its photo is read).
        var names = ExportNames.Unique(taken: ["Photo 1 (sepia).jpg"], format: .jpeg, sepia: true)
        var good: [String] = []
        for (index, row) in rows.enumerated() {
            let failingRow = index % 25 == 3 || index % 30 == 4
            let name = names.name(for: row.0)
            if !failingRow { good.append(name) }
        }
        return (directory, manifest, good, failing)
    }

    func files(_ folder: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    func exportEnded(_ app: AppProcess) -> TraceEvent? { app.trace.events.last { $0.name == .exportEnded }?.event }

    func testExportWithFaultsWritesExactlyTheGoodPhotos() throws {
        let (directory, manifest, good, failing) = try faultyGallery()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let mine = Data("the user's own file".utf8)
        try mine.write(to: out.appendingPathComponent("Photo 1 (sepia).jpg"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, manifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 120) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(app.recentEvents())")
        XCTAssertEqual(exportEnded(app), .exportEnded(written: 300 - failing, failed: failing, total: 300, outcome: .finished, reason: nil))
        XCTAssertEqual(files(out), (good + ["Photo 1 (sepia).jpg"]).sorted(), "exactly the good photos, named uniquely, nothing else")
        XCTAssertEqual(try Data(contentsOf: out.appendingPathComponent("Photo 1 (sepia).jpg")), mine, "an existing file is never replaced")
        XCTAssertTrue(files(out).contains("etc-passwd (sepia).jpg"), "a path in a name is not followed")
        for name in good.prefix(20) {
            let pixbuf = try XCTUnwrap(TestImages.decode(try Data(contentsOf: out.appendingPathComponent(name))), name)
            XCTAssertEqual(pixbuf.height, 90, name)
        }
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("Not exported (\(failing)):") } },
                      "the failures are listed")
        XCTAssertEqual(app.criticals, [])
    }

    /// Cancel halfway through an export over a slow network: running transfers are aborted, the
    /// files written stay, nothing partial is left and nothing more is written.
    func testCancelHalfwayLeavesNoPartialFile() throws {
        let export = try SlowExport(rows: 200, underWayAt: 6)
        defer { export.stop() }
        let (app, out) = (export.app, export.out)
        XCTAssertTrue(try AccessibleNames.press(app, "Cancel"),
                      "the bar's Cancel button: \(((try? AccessibleNames.read(app)) ?? []).filter { $0.role.contains("button") })")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.name == .exportEnded } }, "the export ended")
        guard case .exportEnded(let written, _, let total, let outcome, _)? = exportEnded(app) else { return XCTFail("no export-ended") }
        XCTAssertEqual(outcome, .cancelled)
        XCTAssertLessThan(written, total)
        XCTAssertGreaterThan(app.trace.events.filter { $0.event.queue == .export && $0.name == .cancelled }.count, 0, "running exports were cancelled")
        // What was running had its transfer aborted: nothing more arrives after a while.
        usleep(1_500_000)
        XCTAssertEqual(files(out).count, written, "the files written stay, and only they: \(files(out))")
        XCTAssertFalse(files(out).contains { $0.hasPrefix(".") }, "no temporary file is left")
        XCTAssertEqual(app.criticals, [])
    }

    /// The export folder is opened once and written through that: swapped for a link to another
    /// folder mid-export, the rest of the photos still go where the export began.
    func testSwappingTheFolderForALinkMidExportRedirectsNothing() throws {
        let export = try SlowExport(rows: 24, underWayAt: 3)
        defer { export.stop() }
        let moved = export.out.deletingLastPathComponent().appendingPathComponent(export.out.lastPathComponent + "-moved")
        let elsewhere = TemporaryFiles.url("elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: moved); try? FileManager.default.removeItem(at: elsewhere) }
        XCTAssertEqual(rename(export.out.path, moved.path), 0)
        XCTAssertEqual(symlink(elsewhere.path, export.out.path), 0)
        XCTAssertTrue(export.app.trace.wait(timeout: 120) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(export.app.recentEvents())")
        XCTAssertEqual(exportEnded(export.app), .exportEnded(written: 24, failed: 0, total: 24, outcome: .finished, reason: nil))
        XCTAssertEqual(files(elsewhere), [], "nothing went through the link")
        XCTAssertEqual(files(moved).count, 24, "every photo is in the folder the export began in")
        unlink(export.out.path)
        XCTAssertEqual(export.app.criticals, [])
    }

    /// A full disk (a 1 MB tmpfs) stops the export with the reason; every file left is whole.
    func testFullDiskStopsWithTheReason() throws {
        let directory = TemporaryFiles.url("full-\(UUID().uuidString)")
        let out = directory.appendingPathComponent("small-disk")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let mounted = try Tool.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", out.path])
        try XCTSkipIf(mounted.status != 0, "a tmpfs cannot be mounted here (not root?): \(mounted.output)")
        defer { _ = try? Tool.run("/bin/umount", ["-l", out.path]) }
        try TestImages.noiseJPEG(width: 400, height: 300).write(to: directory.appendingPathComponent("noise.jpg"))
        let json = "[" + (0..<40).map { "{\"name\": \"Noise \($0)\", \"url\": \"noise.jpg\"}" }.joined(separator: ",") + "]"
        try Data(json.utf8).write(to: directory.appendingPathComponent("noise.json"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, "--export-original", directory.appendingPathComponent("noise.json").path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(app.recentEvents())")
        guard case .exportEnded(let written, _, _, let outcome, let reason)? = exportEnded(app) else { return XCTFail("no export-ended") }
        XCTAssertEqual(outcome, .stopped)
        XCTAssertEqual(reason, "the disk is full")
        XCTAssertGreaterThan(written, 0)
        XCTAssertEqual(files(out).count, written, "only whole files: \(files(out))")
        for name in files(out) {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            XCTAssertEqual(Array(data.suffix(2)), [0xFF, 0xD9], "\(name) ends as a JPEG does: it is whole")
        }
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains("The export stopped: the disk is full") } },
                      "the window says why")
        XCTAssertEqual(app.criticals, [])
    }

    /// Start a drop target in another process (taking types in `order`), drag from `point` onto
    /// it with the mouse, and return the line it printed for the drop.
    static func dragToTarget(_ xvfb: Xvfb, _ app: AppProcess, from point: (Int, Int), order: String) throws -> String {
        let output = app.directory.appendingPathComponent("drop-\(UUID().uuidString).txt").path
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let handle = open(output, O_WRONLY | O_APPEND)
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        environment["GDK_BACKEND"] = "x11"
        environment["GSK_RENDERER"] = "cairo"
        let target = try ChildProcess("/usr/bin/python3", [SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/drop-target.py").path, order],
                                      environment: environment, stdout: handle)
        close(handle)
        defer { target.stop() }
        let window = try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "drop-target"]).split(separator: "\n").first.map(String.init) ?? ""
        try xvfb.run("xdotool", ["windowmove", "--sync", window, "800", "100"])
        // Press, move across in steps (past GTK's drag threshold), release on the target.
        try xvfb.run("xdotool", ["mousemove", "--sync", String(point.0), String(point.1), "mousedown", "1"])
        for step in 1...12 {
            usleep(50_000) // input pacing, not a wait: a hand moves over 0.6 s
            try xvfb.run("xdotool", ["mousemove", "--sync", String(point.0 + step * (880 - point.0) / 12), String(point.1 + step * (180 - point.1) / 12)])
        }
        usleep(300_000) // input pacing: the pointer rests on the target before the release
        try xvfb.run("xdotool", ["mouseup", "1"])
        func dropped() -> [String] {
            ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { !$0.hasPrefix("ready") }
        }
        XCTAssertTrue(poll(timeout: 20) { !dropped().isEmpty }, "\(order): the target got something")
        return dropped().first ?? ""
    }

    /// The viewer's photo dragged into a GTK drop target in another process (real XDND): a
    /// target that wants a file gets a PNG of the sepia photo as shown, from the app's private
    /// folder; one that wants image data gets the image itself.
    func testDragOutOfTheViewer() throws {
        let directory = try viewerGallery()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [directory.appendingPathComponent("keep.json").path])
        defer { app.stop() }
        XCTAssertTrue(loaded(app, rows: 2), app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .fullImage } }, "the viewer shows the photo")
        // What the screen shows: the screen-sized decode (1600 × 1067), in sepia.
        let shown = try PipelineSettings().sepia.filter(try ImageDecoder(maxDimension: 1600).decode(ViewerAppTests.gradientPNG()), isCancelled: { false })

        for order in ["file,texture", "texture,file"] {
            let got = try Self.dragToTarget(xvfb, app, from: (360, 340), order: order)
            let path: String
            if order.hasPrefix("file") {
                XCTAssertTrue(got.hasPrefix("file ") && got.hasSuffix("/Gradient-Left (sepia).png") && got.contains("classic-photos-drag-"),
                              "a PNG from the app's private folder: \(got)")
                path = String(got.dropFirst(5))
            } else {
                let parts = got.split(separator: " ").map(String.init)
                XCTAssertEqual(Array(parts.prefix(3)), ["texture", "1600", "1067"], "the image itself: \(got)")
                path = parts.last ?? ""
            }
            let image = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: path))), "\(order): an image")
            XCTAssertEqual([image.width, image.height], [1600, 1067])
            XCTAssertLessThanOrEqual(Self.largestDifference(image, shown), 1, "\(order): the sepia photo as shown")
        }
        // Back in the list, a row dragged out offers what it shows: its sepia thumbnail.
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.last { $0.name == .page }?.event == .page(name: "list") }, "the list")
        let row = try Self.dragToTarget(xvfb, app, from: (300, 90), order: "file,texture")
        XCTAssertTrue(row.hasPrefix("file ") && row.hasSuffix("/Gradient-Left (sepia).png"), "the row's picture as a file: \(row)")
        let thumbnail = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: String(row.dropFirst(5))))))
        XCTAssertEqual([thumbnail.width, thumbnail.height], [64, 64], "the row's thumbnail")
        XCTAssertEqual(app.criticals, [])
    }

    /// Quitting (Ctrl+Q) during an export asks first, in the export's bar; Quit then ends the
    /// app with no partial file left.
    func testQuittingDuringAnExportAsksFirst() throws {
        let export = try SlowExport(rows: 100, underWayAt: 2)
        defer { export.stop() }
        let (xvfb, app, out) = (export.xvfb, export.app, export.out)
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["key", "ctrl+q"])
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.hasPrefix("Quit now?") } }, "the bar asks")
        XCTAssertTrue(app.process.isRunning, "the app did not quit without asking")
        XCTAssertTrue(try AccessibleNames.press(app, "Quit"), "the bar's Quit button")
        XCTAssertTrue(app.process.wait(timeout: 20), "the app quit")
        XCTAssertEqual(app.process.terminationStatus, 0)
        guard case .exportEnded(let written, _, _, let outcome, _)? = exportEnded(app) else { return XCTFail("no export-ended") }
        XCTAssertEqual(outcome, .cancelled)
        XCTAssertEqual(files(out).count, written, "the files written stay, nothing partial: \(files(out))")
        XCTAssertEqual(app.criticals, [])
    }

    /// Export Gallery from the primary menu's action, through the real folder chooser (the
    /// folder's path typed, as a keyboard user does): the gallery's photos are written there as
    /// the chooser's choices say (JPEG and sepia, the defaults), with the bar's summary.
    func testExportGalleryThroughTheFolderChooser() throws {
        let directory = try viewerGallery()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("chosen")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [directory.appendingPathComponent("keep.json").path])
        defer { app.stop() }
        XCTAssertTrue(loaded(app, rows: 2), app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try app.activateAction("export-gallery")
        XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains("Export Gallery") }, "the folder chooser")
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.role == "check box" && $0.name == "Include location" } },
                      "the chooser offers to keep the photos' location: \(String(describing: try? AccessibleNames.read(app)))")
        // Typing a path opens the chooser's location field; Enter goes into the folder, and
        // Enter again chooses it.
        try xvfb.run("xdotool", ["type", "--delay", "20", out.path + "/"])
        func field() -> AccessibleNames.Focused? { (try? AccessibleNames.focused(app))?.first { $0.role == "text" } }
        XCTAssertTrue(poll(timeout: 10) { field()?.text.hasSuffix("chosen/") == true }, "the path is typed: \(String(describing: field()))")
        var started = false
        for _ in 0..<3 where !started {
            try xvfb.run("xdotool", ["key", "Return"])
            started = app.trace.wait(timeout: 5) { $0.contains { $0.name == .exportStarted } }
        }
        XCTAssertTrue(started, "the export began: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .exportEnded } }, "the export ended")
        XCTAssertEqual(exportEnded(app), .exportEnded(written: 2, failed: 0, total: 2, outcome: .finished, reason: nil))
        XCTAssertEqual(app.trace.events.first { $0.name == .exportStarted }?.event, .exportStarted(total: 2, format: .jpeg, sepia: true))
        XCTAssertEqual(files(out), ["Coffee (sepia).jpg", "Gradient-Left (sepia).jpg"])
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == "Exported 2 photos to chosen" } }, "the bar says so")
        XCTAssertEqual(app.criticals, [])
    }
}

/// An export of `rows` photos from a server that takes 400 ms for each, started with
/// `--export-to`, and under way (`underWayAt` photos written) when made.
struct SlowExport {
    let server: TestServer
    let out: URL
    let xvfb: Xvfb
    let app: AppProcess

    init(rows: Int, underWayAt written: Int) throws {
        let photo = TestImages.encoded(width: 200, height: 150, type: "jpeg") { x, y in [UInt8(x & 255), UInt8(y & 255), 60] }
        let list = Data(("[" + (0..<rows).map { "{\"name\": \"Slow \($0)\", \"url\": \"/p\($0).jpg\"}" }.joined(separator: ",") + "]").utf8)
        server = try TestServer { path, _ in
            path.hasSuffix(".json") ? ServerPlan(body: list, contentType: "application/json")
                                    : ServerPlan(body: photo, contentType: "image/jpeg", delayMs: 400)
        }
        out = TemporaryFiles.url("slow-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        xvfb = try Xvfb()
        app = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, server.baseURL.appendingPathComponent("slow.json").absoluteString])
        let app = self.app
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .exportProgress(let done, _, _) = $0.event { done >= written } else { false } } },
                      "the export is under way: \(app.recentEvents())")
    }

    func stop() {
        app.stop()
        server.stop()
        try? FileManager.default.removeItem(at: out)
    }
}
