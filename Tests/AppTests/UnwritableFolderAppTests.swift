// Why this exists: a folder the user may not write, and a photo that is another user's, as a user sees them (the app run without root's power to override file permissions or give files away): Rotate and Move to Trash are refused with a clear reason in the trace and the window, and the photo stays as it was and whose it was; a photo with set-ID bits is turned without them.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class UnwritableFolderAppTests: XCTestCase {
    func testRotateAndTrashInAFolderTheUserCannotWrite() throws {
        let root = TemporaryFiles.url("unwritable-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            chmod(folder.path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        let photo = folder.appendingPathComponent("a.jpg")
        let original = OrientedPhotos.jpeg(orientation: 1)
        try original.write(to: photo)
        XCTAssertEqual(chmod(folder.path, 0o555), 0)
        let xvfb = try Xvfb()
        // Root without CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER is held to the
        // folder's permissions as any user is (a capability dropped from the bounding set is not
        // given back at exec).
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path],
                                 wrapper: ["/usr/bin/setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer: \(app.recentEvents())")

        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.name == .turned } }, app.recentEvents())
        let turned = app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason } else { nil } }
        XCTAssertEqual(turned, ["its folder cannot be written"])
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == "Could not rotate “a.jpg”: its folder cannot be written" } },
                      "the window says why: \(String(describing: try? AccessibleNames.read(app)))")

        try xvfb.run("xdotool", ["key", "Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .trash(_, .failed, _) = $0.event { true } else { false } } }, app.recentEvents())
        let trashed = app.trace.events.compactMap { if case .trash(_, .failed, let reason) = $0.event { reason } else { nil } }
        XCTAssertEqual(trashed, ["Could not move “a.jpg” to the trash: its folder cannot be written"])
        XCTAssertEqual(try Data(contentsOf: photo), original, "the photo is as it was")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["a.jpg"], "nothing left beside it")
        XCTAssertEqual(app.criticals, [])
    }

    /// A photo another user owns in a folder anyone may write: Rotate would have to make it the
    /// turning user's, so it is refused and the photo stays theirs. A photo with its set-user-ID
    /// and set-group-ID bits is turned without them.
    func testRotateKeepsTheOwnerOrRefusesAndNeverCopiesSetIDBits() throws {
        let root = TemporaryFiles.url("owners-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(chmod(folder.path, 0o777), 0)
        let theirs = folder.appendingPathComponent("a-theirs.jpg"), setID = folder.appendingPathComponent("b-set-id.jpg")
        let original = OrientedPhotos.jpeg(orientation: 1)
        for photo in [theirs, setID] { try original.write(to: photo) }
        XCTAssertEqual(chown(theirs.path, 65534, 65534), 0)
        XCTAssertEqual(chmod(theirs.path, 0o666), 0)
        XCTAssertEqual(chmod(setID.path, 0o6755), 0)
        let xvfb = try Xvfb()
        // Root without CAP_CHOWN may keep its own files' owner, never give one to another user.
        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["XDG_DATA_HOME": root.appendingPathComponent("data").path],
                                 wrapper: ["/usr/bin/setpriv", "--bounding-set", "-chown", "--"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[1]?.state == .filtered }, app.recentEvents())
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.name == .turned } }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "Right"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { if case .fullImage(1, _, _, _, _, _) = $0.event { true } else { false } } }, app.recentEvents())
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.filter { $0.name == .turned }.count == 2 }, app.recentEvents())
        let turned = app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason ?? "turned" } else { nil } }
        XCTAssertEqual(turned, ["it belongs to another user, and turning it would make it yours", "turned"])
        var info = stat()
        XCTAssertEqual(stat(theirs.path, &info), 0)
        XCTAssertEqual([info.st_uid, info.st_gid], [65534, 65534], "still theirs")
        XCTAssertEqual(try Data(contentsOf: theirs), original, "and as it was")
        XCTAssertEqual(stat(setID.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o755, "turned without its set-ID bits")
        XCTAssertNotEqual(try Data(contentsOf: setID), original, "turned")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["a-theirs.jpg", "b-set-id.jpg"], "nothing left beside them")
        XCTAssertEqual(app.criticals, [])
    }
}
