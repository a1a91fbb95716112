// Why this exists: a folder the user may not write, as a user sees it (the app run without root's power to override file permissions): Rotate and Move to Trash are refused with a clear reason in the trace and the window, and the photo stays as it was.
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
}
