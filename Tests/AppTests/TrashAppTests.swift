// Why this exists: Move to Trash and Undo in the real app under Xvfb, with GLib's trash on disk: the photo goes to the trash's files/ with its .trashinfo, Ctrl+Z puts back the same bytes and modification time and its row at its index, 50 deletions in a row are each undone; a volume with no trash (a small tmpfs, mounted in the app's own mount namespace) asks first, and Cancel leaves the photo.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class TrashAppTests: XCTestCase {
    static let names = (0..<50).map { String(format: "p%02d.png", $0) }

    /// 50 photos, each different (a sample with its own text chunk), each with its own old time.
    func makeFolder(_ folder: URL) throws -> [String: (Data, Date)] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let samples = ["coffee.png", "brick.png", "present.png", "horse.png", "camera.png"]
        var photos: [String: (Data, Date)] = [:]
        for (index, name) in Self.names.enumerated() {
            var bytes = SamplePhotos.data(samples[index % samples.count])
            bytes.append(contentsOf: Array("trailing \(index)".utf8))
            let time = Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 61)
            let url = folder.appendingPathComponent(name)
            try bytes.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: url.path)
            photos[name] = (bytes, time)
        }
        return photos
    }

    func steps(_ app: AppProcess, _ step: TrashStep) -> Int {
        app.trace.events.filter { if case .trash(_, step, _) = $0.event { true } else { false } }.count
    }

    func total(_ app: AppProcess) -> Int? {
        app.trace.events.last { $0.name == .folderChanged }.flatMap { if case .folderChanged(_, _, _, let total) = $0.event { total } else { nil } }
    }

    func rowNames(_ app: AppProcess) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).compactMap { label in Self.names.first { label.hasPrefix($0 + ", ") } }
    }

    func testTrashUndoAndFiftyInARow() throws {
        let root = TemporaryFiles.url("trash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("photos"), data = root.appendingPathComponent("data")
        let photos = try makeFolder(folder)
        // The trash is the home trash when the photos are on the home folder's file system.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("home"), withIntermediateDirectories: true)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["HOME": root.appendingPathComponent("home").path, "XDG_DATA_HOME": data.path])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(timeout: 60), app.recentEvents())
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        let trash = data.appendingPathComponent("Trash")
        let first = folder.appendingPathComponent("p00.png").path

        // Delete in the viewer: the photo is in the trash, with where it came from.
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the first photo: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .trashed) == 1 }, "trashed: \(app.recentEvents())")
        XCTAssertFalse(FileManager.default.fileExists(atPath: first))
        XCTAssertEqual(try? Data(contentsOf: trash.appendingPathComponent("files/p00.png")), photos["p00.png"]?.0, "in the trash's files/")
        let info = try String(contentsOf: trash.appendingPathComponent("info/p00.png.trashinfo"), encoding: .utf8)
        XCTAssertTrue(info.contains("Path=\(first)"), info)
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.total(app) == 49 }, "its row went: \(app.recentEvents())")

        // Ctrl+Z: the same bytes and time, and its row at its index again.
        try xvfb.run("xdotool", ["key", "ctrl+z"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .restored) == 1 }, "restored: \(app.recentEvents())")
        XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: first)), photos["p00.png"]?.0)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: first)[.modificationDate] as? Date, photos["p00.png"]?.1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("info").path), [], "its entry left the trash")
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.total(app) == 50 }, "its row came back: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app).prefix(3) == ["p00.png", "p01.png", "p02.png"] }, "at its index: \(rowNames(app))")

        // 50 in a row from the viewer (each once the viewer moved on, to the next or, at the end, the one before), then 50 Ctrl+Z at once.
        XCTAssertTrue(try app.openViewerByClick(on: xvfb, showing: nil), "the viewer shows a photo again: \(app.recentEvents())")
        for count in 1...50 {
            try xvfb.run("xdotool", ["key", "Delete"])
            guard app.trace.wait(timeout: 20, until: { _ in self.steps(app, .trashed) == count + 1 && self.total(app) == 50 - count }) else {
                return XCTFail("deletion \(count): \(app.recentEvents())")
            }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "all 50 in the trash")
        for _ in 0..<50 { try xvfb.run("xdotool", ["key", "ctrl+z"]) }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.steps(app, .restored) == 51 }, "each undone: \(app.recentEvents())")
        for (name, (bytes, time)) in photos {
            let path = folder.appendingPathComponent(name).path
            XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: path)), bytes, name)
            XCTAssertEqual(try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, time, name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: trash.appendingPathComponent("files").path), [], "the trash is empty again")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.total(app) == 50 }, "every row came back: \(app.recentEvents())")
        XCTAssertEqual(steps(app, .failed), 0, app.recentEvents())
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }

    /// A tmpfs has no trash (GLib: "Trashing on system internal mounts is not supported"): the
    /// app asks before deleting, Cancel keeps the photo, and Shift+Delete, once confirmed,
    /// deletes it. The tmpfs is mounted in the app's own mount namespace and goes with it.
    func testAVolumeWithoutTrashAsksFirst() throws {
        let root = TemporaryFiles.url("no-trash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("source"), mount = root.appendingPathComponent("volume")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        for name in ["a.png", "b.png"] { try SamplePhotos.data("coffee.png").write(to: source.appendingPathComponent(name)) }
        let script = "mount -t tmpfs -o size=4m tmpfs \"$0\" && cp \"$1\"/* \"$0\"/ && shift && exec \"$@\""
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [mount.path],
                                 environment: ["HOME": root.path, "XDG_DATA_HOME": root.appendingPathComponent("data").path],
                                 wrapper: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, mount.path, source.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, app.recentEvents())
        // The app's view of its folder: the tmpfs, seen through its mount namespace.
        let seen = { (name: String) in FileManager.default.fileExists(atPath: "/proc/\(app.process.processIdentifier)/root\(mount.path)/\(name)") }
        XCTAssertTrue(seen("a.png"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: mount.appendingPathComponent("a.png").path), "the tmpfs is the app's alone")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the first photo: \(app.recentEvents())")

        try xvfb.run("xdotool", ["key", "Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .asked) == 1 }, "asked: \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Delete it permanently?", timeout: 15), "the question shows")
        XCTAssertTrue(try AccessibleNames.press(app, "Cancel"))
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .kept) == 1 }, "kept: \(app.recentEvents())")
        XCTAssertTrue(seen("a.png"), "Cancel leaves the photo")
        XCTAssertEqual(steps(app, .trashed) + steps(app, .deleted), 0)

        try xvfb.run("xdotool", ["key", "shift+Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .asked) == 2 }, "asked again: \(app.recentEvents())")
        XCTAssertTrue(try AccessibleNames.press(app, "Delete"))
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .deleted) == 1 }, "deleted: \(app.recentEvents())")
        XCTAssertFalse(seen("a.png"), "deleted for good")
        XCTAssertTrue(seen("b.png"))
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.total(app) == 1 }, "its row went: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }
}
