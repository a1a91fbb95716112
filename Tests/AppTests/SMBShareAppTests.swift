// Why this exists: folders on a real SMB server (Samba's smbd on 127.0.0.1, through GVfs's smb backend) opened in the real app: a guest share entered as Anonymous in GTK's dialog, and a password share with the password filled in, each listed with its sepia thumbnails, and the guest share's first photo opened in the viewer.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class SMBShareAppTests: XCTestCase {
    func server() throws -> SMBServer {
        let server = try SMBServer()
        for folder in [server.guestFolder, server.privateFolder] {
            for (name, sample) in [("beach.png", "coffee.png"), ("rocket.jpg", "rocket.jpg")] {
                try SamplePhotos.data(sample).write(to: folder.appendingPathComponent(name))
            }
        }
        return server
    }

    /// Opens `uri` and waits for GTK's dialog to ask.
    func asked(_ uri: String) throws -> (Xvfb, AppProcess, String) {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [uri])
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .shareMounting } }, "the share is mounted first")
        let main = try app.mainWindow(on: xvfb)
        guard let dialog = MountDialogs.find(app, xvfb, besides: [main]) else {
            app.stop()
            throw NSError(domain: "SMBShareAppTests", code: 1, userInfo: [NSLocalizedDescriptionKey: "GTK's dialog did not ask: \(app.recentEvents())"])
        }
        return (xvfb, app, dialog)
    }

    func checkListedInSepia(_ app: AppProcess, _ server: SMBServer) {
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { $0.name == .manifest || $0.name == .manifestFailed } },
                      "the share opened: \(MountDialogs.mounted(app)) \(app.recentEvents()) \(server.log.suffix(600))")
        XCTAssertEqual(MountDialogs.mounted(app), ["mounted"])
        XCTAssertEqual(app.trace.events.compactMap { if case .folderListed(let photos, _, _, _) = $0.event { photos } else { nil } }, [2])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "both photos load in sepia: \(app.trace.finalStates.mapValues { "\($0.state?.rawValue ?? "") \($0.reason ?? "")" })")
    }

    func testAGuestShareOpensAsAnonymous() throws {
        let server = try server()
        defer { server.close() }
        let (xvfb, app, dialog) = try asked(server.uri(share: "photos"))
        defer { app.stop() }
        XCTAssertTrue(try MountDialogs.answerAnonymously(app, dialog, on: xvfb), "the dialog offers Anonymous")
        checkListedInSepia(app, server)
        XCTAssertTrue(try app.openViewerByClick(on: xvfb, showing: 0), "the viewer opens the share's first photo: \(app.recentEvents())")
        XCTAssertEqual(app.fullImageSize(row: 0), [600, 400], "at its own size (beach.png is coffee.png)")
        XCTAssertEqual(app.criticals, [])
    }

    func testAPasswordShareOpensWithItsPassword() throws {
        let server = try server()
        defer { server.close() }
        let (xvfb, app, _) = try asked(server.uri(share: "private", user: SMBServer.user))
        defer { app.stop(); xvfb.stop() }
        XCTAssertTrue(try MountDialogs.answer(app, password: SMBServer.password), "the dialog asks for the password")
        checkListedInSepia(app, server)
        XCTAssertEqual(app.criticals, [])
    }
}
