// Why this exists: a folder on a real SFTP share shown with its subfolders, as a local folder is: Include Subfolders toggled from the Sort menu's action, each photo named by its path and read from its own URI, hidden folders left out, and a link to a folder not followed (no loop walked round), then remembered for the share, and the tree exported as a local folder's is.
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareSubfoldersAppTests: XCTestCase {
    func testIncludeSubfoldersListsAShareTreeAndIsRemembered() throws {
        let server = try SFTPServer()
        defer { server.close() }
        _ = try SubfoldersAppTests.makeTree(server.folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: server.folder.appendingPathComponent("locked").path)
        let settings = TemporaryFiles.url("share-subfolders-settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: settings) }
        let environment = try PersistentSettings.environment(in: settings)
        let bus = try SFTPShares.bus(reaching: server)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], environment: environment, bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in SubfoldersAppTests.names(app) == ["top.png"] },
                      "the folder alone: \(SubfoldersAppTests.names(app) ?? []) \(MountDialogs.mounted(app)) \(app.recentEvents())")
        try app.setActionState("subfolders", true)
        // a, a/b, Day 1 and locked; .hidden left out, a/loop and Day 1/link-to-a not followed.
        let expected: Set = ["a/one.png", "a/b/two.png", "Day 1/five.png", "locked/four.png", "top.png"]
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in SubfoldersAppTests.names(app).map(Set.init) == expected },
                      "with its subfolders: \(SubfoldersAppTests.names(app) ?? []) \(app.recentEvents())")
        XCTAssertEqual(SubfoldersAppTests.names(app)?.count, 5, "each photo once")
        XCTAssertTrue(app.trace.events.contains { $0.event == .subfoldersListed(folders: 4, unreadable: "") }, app.recentEvents())
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<5).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "each photo read from its own URI: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
        app.stop()

        let secondBus = try SFTPShares.bus(reaching: server)
        // Exported as a local folder's gallery is, its originals read from the share.
        let out = TemporaryFiles.url("share-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let again = try AppProcess(display: xvfb.display, arguments: ["--export-to", out.path, "--export-original", server.uri()],
                                   environment: environment, bus: secondBus)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 60) { _ in SubfoldersAppTests.names(again).map(Set.init) == expected }, "remembered: \(again.recentEvents())")
        XCTAssertTrue(again.trace.wait(timeout: 90) { $0.contains { $0.name == .exportEnded } }, "the export ended: \(again.recentEvents())")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        XCTAssertEqual(written.count, 5, "each photo of the tree exported: \(written)")
        // Named by its path ("a-b-two.jpg"), the photo of that subfolder at its own size.
        let two = try XCTUnwrap(TestImages.decode(Data(contentsOf: out.appendingPathComponent("a-b-two.jpg"))), "\(written)")
        let horse = try XCTUnwrap(TestImages.decode(SamplePhotos.data("horse.png")))
        XCTAssertEqual([two.width, two.height], [horse.width, horse.height])
        XCTAssertEqual(again.criticals, [])
    }
}
