// Why this exists: Rate and Tags on a share (SFTP, through GVfs): the photo's XMP changed on the server, where exiftool reads it, through the share's safe rewrite.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareMarkAppTests: XCTestCase {
    func testRatingAPhotoOnAShareWritesItOnTheServer() throws {
        let (server, bus) = try SFTPShares.serve([("b.png", "coffee.png")])
        try SamplePhotos.data("rocket.jpg").write(to: server.folder.appendingPathComponent("a.jpg"))
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], bus: bus)
        defer { app.stop(); xvfb.stop(); server.close() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos load: \(app.recentEvents())")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows a.jpg: \(app.recentEvents())")
        func marks() -> [String?] { app.trace.events.compactMap { if case .marked(_, _, _, let reason) = $0.event { reason } else { nil } } }
        try xvfb.run("xdotool", ["key", "alt+4"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in marks().count == 1 }, "rated: \(app.recentEvents())")
        XCTAssertEqual(marks(), [nil])
        let photo = server.folder.appendingPathComponent("a.jpg")
        XCTAssertEqual(try Exiftool.run(["-s3", "-XMP-xmp:Rating"], photo.path).output.trimmingCharacters(in: .whitespacesAndNewlines), "4",
                       "rated on the server")
        XCTAssertEqual(app.criticals, [])
    }
}
