// Why this exists: selecting several photos as the file manager does, with real input under Xvfb, in the list and the grid: Ctrl+click picks rows without opening the viewer, Shift+click picks a range, Ctrl+A picks all; Move to Trash and Rotate act on the selection, and one Ctrl+Z undoes the whole of it.
import PhotoFormats
import Foundation
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class SelectionAppTests: XCTestCase {
    static let names = (0..<6).map { "p\($0).png" }

    func steps(_ app: AppProcess, _ step: TrashStep) -> [String] {
        app.trace.events.compactMap { if case .trash(let path, step, _) = $0.event { (path as NSString).lastPathComponent } else { nil } }
    }

    func turned(_ app: AppProcess) -> [(String, QuarterTurn)] {
        app.trace.events.compactMap { if case .turned(let path, let turn, nil) = $0.event { ((path as NSString).lastPathComponent, turn) } else { nil } }
    }

    /// Click the row named `name`, holding `modifier` (ctrl, shift) down.
    func click(_ app: AppProcess, _ xvfb: Xvfb, _ name: String, holding modifier: String) throws {
        var place: (x: Int, y: Int, width: Int, height: Int)?
        XCTAssertTrue(poll(timeout: 15) { place = try? AccessibleNames.extents(app, ofNameStartingWith: name + ", "); return place != nil }, "\(name) is on screen")
        guard let place else { return }
        try xvfb.run("xdotool", ["mousemove", "\(place.x + place.width / 2)", "\(place.y + place.height / 2)",
                                 "keydown", modifier, "click", "1", "keyup", modifier])
    }

    func testSelectTrashAndRotateSeveral() throws {
        for layout in ["list", "grid"] {
            let folder = TemporaryFiles.url("selection-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let root = TemporaryFiles.url("selection-home-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (index, name) in Self.names.enumerated() {
                try TestImages.encoded(width: 60 + index, height: 40) { x, y in [UInt8(x * 3), UInt8(y * 6), UInt8(index * 40)] }
                    .write(to: folder.appendingPathComponent(name))
            }
            let xvfb = try Xvfb()
            let app = try AppProcess(display: xvfb.display, arguments: ["--view", layout, folder.path],
                                     environment: ["HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])

            // Ctrl+click two rows: selected, no viewer. Delete trashes both; one Ctrl+Z puts both back.
            try click(app, xvfb, "p1.png", holding: "ctrl")
            try click(app, xvfb, "p3.png", holding: "ctrl")
            try xvfb.run("xdotool", ["key", "Delete"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .trashed).count == 2 }, "\(layout): \(app.recentEvents())")
            XCTAssertEqual(Set(steps(app, .trashed)), ["p1.png", "p3.png"], layout)
            XCTAssertFalse(app.trace.events.contains { $0.name == .viewer }, "\(layout): Ctrl+click opens nothing")
            // Undo once the two rows are gone, as a user sees them go. (Sent while the folder's
            // change was still on its way, the key twice changed nothing, under load; not understood.)
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in app.trace.events.last { $0.name == .folderChanged }.map {
                if case .folderChanged(_, _, _, 4) = $0.event { true } else { false } } == true }, "\(layout): four rows left")
            try xvfb.run("xdotool", ["key", "ctrl+z"])
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .restored).count == 2 }, "\(layout): one Undo, both back: \(app.recentEvents())")
            XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)), Set(Self.names))
            XCTAssertTrue(app.trace.wait(timeout: 20) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0] != nil } && app.trace.events.last { $0.name == .folderChanged }.map {
                if case .folderChanged(_, _, _, 6) = $0.event { true } else { false } } == true }, "\(layout): six rows again")

            // Ctrl+click, then Shift+click: a range. Ctrl+R turns the three. (Lower rows: the
            // note with Undo still covers the top of the list.)
            try click(app, xvfb, "p3.png", holding: "ctrl")
            try click(app, xvfb, "p5.png", holding: "shift")
            try xvfb.run("xdotool", ["key", "ctrl+r"])
            XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.turned(app).count == 3 }, "\(layout): \(app.recentEvents())")
            XCTAssertEqual(Set(turned(app).map(\.0)), ["p3.png", "p4.png", "p5.png"], layout)

            // Ctrl+A: all six, turned back the other way.
            try xvfb.run("xdotool", ["key", "ctrl+a"])
            try xvfb.run("xdotool", ["key", "ctrl+shift+r"])
            XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.turned(app).count == 9 }, "\(layout): \(app.recentEvents())")
            XCTAssertEqual(Set(turned(app).suffix(6).map(\.0)), Set(Self.names), layout)
            XCTAssertTrue(turned(app).suffix(6).allSatisfy { $0.1 == .anticlockwise })
            XCTAssertFalse(app.trace.events.contains { $0.name == .viewer }, "\(layout): nothing opened the viewer")
            XCTAssertEqual(app.criticals, [])
        }
    }

    /// Two rows selected with Ctrl+click: Copy puts both on the clipboard as files (the sepia
    /// photos at full size, read back by another X client as `text/uri-list`); a drag of one of
    /// them gives a drop target in another process both files; Export writes just those two.
    func testCopyDragAndExportTheSelection() throws {
        let folder = TemporaryFiles.url("selection-keep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var photos: [Data] = []
        for (index, name) in Self.names.enumerated() {
            let photo = TestImages.encoded(width: 60 + index, height: 40) { x, y in [UInt8(x * 3), UInt8(y * 6), UInt8(index * 40)] }
            photos.append(photo)
            try photo.write(to: folder.appendingPathComponent(name))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try click(app, xvfb, "p1.png", holding: "ctrl")
        try click(app, xvfb, "p3.png", holding: "ctrl")

        // Copy: two files, each the sepia photo at its full size.
        try xvfb.run("xdotool", ["key", "ctrl+c"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .copiedFiles(rows: [1, 3], failed: 0, reason: nil) } }, app.recentEvents())
        let uris = try Tool.run("xclip", ["-selection", "clipboard", "-t", "text/uri-list", "-o"], environment: ["DISPLAY": xvfb.display]).output
            .split(whereSeparator: \.isNewline).map(String.init)
        XCTAssertEqual(uris.count, 2, "two files: \(uris)")
        for (uri, index) in zip(uris, [1, 3]) {
            let path = try XCTUnwrap(URL(string: uri)).path
            XCTAssertEqual((path as NSString).lastPathComponent, "p\(index) (sepia).png")
            let pasted = try XCTUnwrap(TestImages.decode(try Data(contentsOf: URL(fileURLWithPath: path))), "\(uri) is a PNG")
            let expected = try KeepResultAppTests.expectedSepia(photos[index])
            XCTAssertEqual([pasted.width, pasted.height], [60 + index, 40], "at full size")
            XCTAssertLessThanOrEqual(KeepResultAppTests.largestDifference(pasted, expected), 1, "the sepia photo")
        }
        let nautilus = try Tool.run("xclip", ["-selection", "clipboard", "-t", "x-special/gnome-copied-files", "-o"], environment: ["DISPLAY": xvfb.display]).output
        XCTAssertEqual(nautilus.split(whereSeparator: \.isNewline).map(String.init), ["copy"] + uris, "what file managers paste")

        // A drag of a selected row drags both.
        let place = try XCTUnwrap(try AccessibleNames.extents(app, ofNameStartingWith: "p3.png, "))
        let dropped = try KeepResultAppTests.dragToTarget(xvfb, app, from: (place.x + place.width / 4, place.y + place.height / 2), order: "files")
        let paths = dropped.split(separator: "\t").dropFirst().map(String.init)
        XCTAssertEqual(paths.map { ($0 as NSString).lastPathComponent }, ["p1 (sepia).png", "p3 (sepia).png"], "both rows, as shown: \(dropped)")
        XCTAssertEqual(paths.compactMap { (try? Data(contentsOf: URL(fileURLWithPath: $0))).flatMap(TestImages.decode).map { [$0.width, $0.height] } }.count, 2)

        // Export: the chooser says it exports the two, and writes those two only.
        let out = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try app.activateAction("export-gallery")
        XCTAssertTrue(poll(timeout: 10) { app.visibleWindowTitles(on: xvfb).contains("Export 2 Selected Photos") }, "the folder chooser says what it exports")
        try xvfb.run("xdotool", ["type", "--delay", "20", out.path + "/"])
        var started = false
        for _ in 0..<3 where !started {
            try xvfb.run("xdotool", ["key", "Return"])
            started = app.trace.wait(timeout: 5) { $0.contains { $0.name == .exportStarted } }
        }
        // (The copy was made by an export of its own, into a private folder.)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.filter { $0.name == .exportEnded }.count == 2 }, "the export ended: \(app.recentEvents())")
        XCTAssertEqual(app.trace.events.last { $0.name == .exportStarted }?.event, .exportStarted(total: 2, format: .jpeg, sepia: true))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).sorted(), ["p1 (sepia).jpg", "p3 (sepia).jpg"])
        XCTAssertEqual(app.criticals, [])
    }

    /// Copy keeps only the last copy's files (the clipboard holds one), and no more than its
    /// bytes: the photo that would pass them is not kept, and the note says why.
    func testCopyKeepsOnlyItsLastFilesWithinItsBytes() throws {
        let folder = TemporaryFiles.url("selection-copy-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Noise, so each PNG is about 180 KB.
        for (index, name) in Self.names.enumerated() {
            var state = UInt32(index + 1) &* 2_654_435_761
            let photo = TestImages.encoded(width: 300, height: 200) { _, _ in
                state = state &* 1_103_515_245 &+ 12345
                return [UInt8(truncatingIfNeeded: state >> 16), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 24)]
            }
            try photo.write(to: folder.appendingPathComponent(name))
        }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path], environment: ["CLASSIC_PHOTOS_COPY_BYTES": "\(1 << 20)"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<6).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try click(app, xvfb, "p1.png", holding: "ctrl")
        try click(app, xvfb, "p3.png", holding: "ctrl")
        try xvfb.run("xdotool", ["key", "ctrl+c"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.event == .copiedFiles(rows: [1, 3], failed: 0, reason: nil) } }, app.recentEvents())
        let first = try Tool.run("xclip", ["-selection", "clipboard", "-t", "text/uri-list", "-o"], environment: ["DISPLAY": xvfb.display]).output
            .split(whereSeparator: \.isNewline).compactMap { URL(string: String($0))?.path }
        XCTAssertEqual(first.count, 2)
        let firstFolder = try XCTUnwrap(first.first.map { ($0 as NSString).deletingLastPathComponent })

        // All six: about 1.1 MB, past the 1 MB allowed.
        try xvfb.run("xdotool", ["key", "ctrl+a", "ctrl+c"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.filter { $0.name == .copiedFiles }.count == 2 }, app.recentEvents())
        guard case .copiedFiles(let rows, _, let reason)? = app.trace.events.last(where: { $0.name == .copiedFiles })?.event else { return XCTFail("no copy") }
        XCTAssertEqual(reason, "the photos would take more than 1 MB")
        XCTAssertTrue((3...5).contains(rows.count), "what fits: \(rows)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: firstFolder), "the first copy's files are gone")
        let second = try Tool.run("xclip", ["-selection", "clipboard", "-t", "text/uri-list", "-o"], environment: ["DISPLAY": xvfb.display]).output
            .split(whereSeparator: \.isNewline).compactMap { URL(string: String($0))?.path }
        XCTAssertEqual(second.count, rows.count)
        let folderNow = try XCTUnwrap(second.first.map { ($0 as NSString).deletingLastPathComponent })
        let kept = try FileManager.default.contentsOfDirectory(atPath: folderNow)
        XCTAssertEqual(kept.count, rows.count, "nothing past the limit is kept: \(kept)")
        let bytes = kept.reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: folderNow + "/" + $1)[.size] as? Int) ?? 0) }
        XCTAssertLessThanOrEqual(bytes, 1 << 20)
        XCTAssertEqual(app.criticals, [])
    }
}
