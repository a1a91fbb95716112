// Why this exists: Delete on a share's photo (a share has no trash): asked first, deleted on the server once confirmed, its row gone; and a photo changed on the server between the question and the answer is kept, with the reason.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareDeleteAppTests: XCTestCase {
    func steps(_ app: AppProcess, _ step: TrashStep) -> Int {
        app.trace.events.filter { if case .trash(_, step, _) = $0.event { true } else { false } }.count
    }

    /// The share of `a.png` and `b.png` open, in the viewer on `a.png`, with Delete asked.
    func asked() throws -> (SFTPServer, Xvfb, AppProcess) {
        let (server, bus) = try SFTPShares.serve([("a.png", "coffee.png"), ("b.png", "brick.png")])
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], bus: bus)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos load: \(app.recentEvents())")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows a.png: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Delete"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { _ in self.steps(app, .asked) == 1 }, "asked: \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Delete it permanently?", timeout: 15), "the question shows")
        return (server, xvfb, app)
    }

    func testDeleteOnAShareAsksFirstThenDeletesOnTheServer() throws {
        let (server, xvfb, app) = try asked()
        defer { app.stop(); xvfb.stop(); server.close() }
        XCTAssertTrue(FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("a.png").path), "asked, not yet deleted")
        XCTAssertTrue(try AccessibleNames.press(app, "Delete"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.steps(app, .deleted) == 1 }, "deleted: \(app.recentEvents())")
        XCTAssertFalse(FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("a.png").path), "gone from the server")
        XCTAssertTrue(FileManager.default.fileExists(atPath: server.folder.appendingPathComponent("b.png").path))
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in events.contains { $0.event == .shareRelisted(added: 0, removed: 1, changed: 0, reason: nil) } },
                      "its row went: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    func testAPhotoChangedOnTheServerSinceTheQuestionIsKept() throws {
        let (server, xvfb, app) = try asked()
        defer { app.stop(); xvfb.stop(); server.close() }
        let changed = SamplePhotos.data("brick.png")
        try changed.write(to: server.folder.appendingPathComponent("a.png"))
        XCTAssertTrue(try AccessibleNames.press(app, "Delete"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.steps(app, .failed) == 1 }, "refused: \(app.recentEvents())")
        let reason = app.trace.events.compactMap { if case .trash(_, .failed, let reason) = $0.event { reason } else { nil } }.first
        XCTAssertEqual(reason, "Could not delete “a.png”: it changed on the server since")
        XCTAssertEqual(try Data(contentsOf: server.folder.appendingPathComponent("a.png")), changed, "the photo as changed on the server is kept")
        XCTAssertEqual(steps(app, .deleted), 0)
        XCTAssertEqual(app.criticals, [])
    }
}
