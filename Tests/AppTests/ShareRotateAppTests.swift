// Why this exists: Rotate on a share (SFTP, through GVfs): the photo turned losslessly on the server, shown turned at once; and a photo changed on the server between the turn's read and its write is never overwritten, the turn refused with the reason.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareRotateAppTests: XCTestCase {
    func turns(_ app: AppProcess) -> [String?] {
        app.trace.events.compactMap { if case .turned(_, _, let reason) = $0.event { reason } else { nil } }
    }

    func orientation(_ url: URL) throws -> String {
        try Exiftool.run(["-s3", "-n", "-Orientation"], url.path).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A share of an upright JPEG and a PNG, open in the viewer on the JPEG.
    func opened(environment: [String: String] = [:]) throws -> (SFTPServer, Xvfb, AppProcess) {
        let (server, bus) = try SFTPShares.serve([("b.png", "coffee.png")])
        try OrientedPhotos.jpeg(orientation: 1).write(to: server.folder.appendingPathComponent("a.jpg"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: environment, bus: bus)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos load: \(app.recentEvents())")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows a.jpg: \(app.recentEvents())")
        return (server, xvfb, app)
    }

    func testRotateOnAShareTurnsThePhotoOnTheServer() throws {
        let (server, xvfb, app) = try opened()
        defer { app.stop(); xvfb.stop(); server.close() }
        let photo = server.folder.appendingPathComponent("a.jpg")
        let shown = app.trace.events.count
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.turns(app).count == 1 }, "turned: \(app.recentEvents())")
        XCTAssertEqual(turns(app), [nil])
        XCTAssertEqual(try orientation(photo), "6", "turned clockwise on the server, by its orientation")
        XCTAssertTrue(app.trace.wait(timeout: 20) { events in events.dropFirst(shown).contains {
            if case .fullImage(0, let width, let height, _, _, _) = $0.event { width < height } else { false } } }, "the viewer shows it turned: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }

    func testAPhotoChangedOnTheServerWhileItTurnsIsNeverOverwritten() throws {
        // The turn waits 3 s between its read and its write.
        let (server, xvfb, app) = try opened(environment: ["CLASSIC_PHOTOS_SLOW_WRITES": "1"])
        defer { app.stop(); xvfb.stop(); server.close() }
        let photo = server.folder.appendingPathComponent("a.jpg")
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        Thread.sleep(forTimeInterval: 1.5)
        let changed = OrientedPhotos.jpeg(orientation: 3)
        try changed.write(to: photo)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.turns(app).count == 1 }, "the turn ended: \(app.recentEvents())")
        XCTAssertEqual(turns(app), ["it changed on the server since it was read"])
        XCTAssertEqual(try Data(contentsOf: photo), changed, "the photo as changed on the server is kept")
        XCTAssertEqual(app.criticals, [])
    }
}
