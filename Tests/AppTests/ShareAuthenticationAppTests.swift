// Why this exists: a share that asks who you are (Apache's WebDAV behind a password, through GVfs's dav backend), in the real app: GTK's own password dialog answered, the right password opening the share (its sepia thumbnails and its viewer), a wrong one asked again, and the dialog cancelled (there or at once), leaving the window as it was. The password goes in through AT-SPI (see MountDialogs.answer), the right one and a wrong one.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareAuthenticationAppTests: XCTestCase {
    func share() throws -> WebDAVServer {
        let server = try WebDAVServer()
        for (name, sample) in [("beach.png", "coffee.png"), ("wall.png", "brick.png")] {
            try SamplePhotos.data(sample).write(to: server.folder.appendingPathComponent(name))
        }
        return server
    }

    func testAWrongPasswordIsAskedAgain() throws {
        let server = try share()
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .shareMounting } }, "the share is mounted first")
        let main = try app.mainWindow(on: xvfb)
        let dialog = try XCTUnwrap(MountDialogs.find(app, xvfb, besides: [main]), "GTK's password dialog asks: \(app.recentEvents())")
        XCTAssertTrue(try MountDialogs.answer(app, password: "wrong"), "the dialog asks for the password: \(dialog)")
        // The server refuses it, and GVfs asks again: a dialog once more, nothing mounted or failed.
        XCTAssertTrue(poll(timeout: 15) { server.log.contains("Password Mismatch") }, "the wrong password reached the server: \(server.log.suffix(300))")
        Thread.sleep(forTimeInterval: 1)
        let again = try XCTUnwrap(MountDialogs.find(app, xvfb, besides: [main]), "asked again: \(MountDialogs.mounted(app))")
        XCTAssertEqual(MountDialogs.mounted(app), [], "neither mounted nor failed while it asks again")
        XCTAssertTrue(MountDialogs.waitUntilReady(app))
        try xvfb.run("xdotool", ["windowfocus", "--sync", again, "key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in MountDialogs.mounted(app) == ["cancelled"] }, "and cancelled there: \(MountDialogs.mounted(app))")
        XCTAssertEqual(app.criticals, [])
    }

    func testTheRightPasswordOpensTheShare() throws {
        let server = try share()
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri])
        defer { app.stop() }
        let main = try app.mainWindow(on: xvfb)
        XCTAssertNotNil(MountDialogs.find(app, xvfb, besides: [main]), "GTK's password dialog asks: \(app.recentEvents())")
        XCTAssertTrue(try MountDialogs.answer(app, password: WebDAVServer.password), "the dialog asks for the password")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "both photos load in sepia: \(MountDialogs.mounted(app)) \(app.recentEvents()) \(server.log.suffix(400))")
        XCTAssertEqual(MountDialogs.mounted(app), ["mounted"])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb, showing: 0), "the viewer opens the share's first photo: \(app.recentEvents())")
        XCTAssertEqual(app.fullImageSize(row: 0), [600, 400], "at its own size (beach.png is coffee.png)")
        XCTAssertEqual(app.criticals, [])
    }

    func testCancellingThePasswordDialogLeavesTheWindowAsItWas() throws {
        let server = try share()
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), "the sample gallery first")
        let galleries = app.trace.events.filter { $0.name == .manifest }.count
        let main = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", main, "key", "ctrl+l"])
        let location = try XCTUnwrap(try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "Open Location"])
            .split(separator: "\n").first.map(String.init), "Open Location")
        try MountDialogs.type(server.uri, into: location, on: xvfb)
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .shareMounting } }, "the share is being mounted")
        let dialog = try XCTUnwrap(MountDialogs.find(app, xvfb, besides: [main, location]), "GTK's password dialog asks")
        XCTAssertTrue(MountDialogs.waitUntilReady(app))
        try xvfb.run("xdotool", ["windowfocus", "--sync", dialog, "key", "Escape"])
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in MountDialogs.mounted(app) == ["cancelled"] }, "cancelled: \(MountDialogs.mounted(app))")
        Thread.sleep(forTimeInterval: 1)
        XCTAssertEqual(app.trace.events.filter { $0.name == .manifest || $0.name == .manifestFailed }.count, galleries,
                       "no gallery loaded or failed: the sample stays, with no error")
        XCTAssertEqual(app.trace.events.last { $0.name == .page }?.event, .page(name: "list"), "the list still shows")
        XCTAssertEqual(app.criticals, [])
    }
}
