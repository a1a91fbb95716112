// Why this exists: a folder shown with its subfolders in the real app: each photo named by its path under the folder, hidden folders left out, a symlinked folder followed once and never round a loop, a subfolder that cannot be read said in the window (the app run without root's power to read anything), and Include Subfolders toggled from the Sort menu's action, remembered for the folder.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class SubfoldersAppTests: XCTestCase {
    /// top.png, a/one.png, a/b/two.png, Day 1/five.png, .hidden/three.png, locked/four.png (mode
    /// 000), a/loop → .. and Day 1/link-to-a → ../a.
    static func makeTree(_ root: URL = TemporaryFiles.url("subfolders-\(UUID().uuidString)")) throws -> URL {
        let manager = FileManager.default
        for folder in ["a/b", ".hidden", "locked", "Day 1"] {
            try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for (path, sample) in [("top.png", "brick.png"), ("a/one.png", "coffee.png"), ("a/b/two.png", "horse.png"),
                               ("Day 1/five.png", "grass.png"), (".hidden/three.png", "camera.png"), ("locked/four.png", "present.png")] {
            try SamplePhotos.data(sample).write(to: root.appendingPathComponent(path))
        }
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("a/loop").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("Day 1/link-to-a").path, withDestinationPath: "../a")
        try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: root.appendingPathComponent("locked").path)
        return root
    }

    static func names(_ app: AppProcess) -> [String]? {
        for record in app.trace.events.reversed() {
            if case .sorted(_, _, _, let first) = record.event { return first.split(separator: "\n").map(String.init) }
        }
        return nil
    }

    func testAFolderWithItsSubfoldersLoopsHiddenAndUnreadable() throws {
        let root = try Self.makeTree()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: root)
        }
        let xvfb = try Xvfb()
        // As root, but without the capabilities that let root read any folder: "locked" is unreadable.
        let app = try AppProcess(display: xvfb.display, arguments: ["--subfolders", root.path],
                                 wrapper: ["/usr/bin/setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .subfoldersListed } }, app.stderr.suffix(500) + app.recentEvents())
        // a, a/b, Day 1 and locked; a/loop and Day 1/link-to-a lead where the listing has been.
        XCTAssertTrue(app.trace.events.contains { $0.event == .subfoldersListed(folders: 4, unreadable: "locked") }, app.recentEvents())
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.names(app).map(Set.init) == ["top.png", "a/one.png", "a/b/two.png", "Day 1/five.png"] },
                      "\(Self.names(app) ?? [])")
        XCTAssertEqual(Self.names(app)?.count, 4, "each photo once")
        XCTAssertTrue(poll(timeout: 15) {
            ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains("could not be read") && $0.name.contains("locked") }
        }, "the window says which subfolder could not be read")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "every photo loads")
        XCTAssertEqual(app.criticals, [])
    }

    func testIncludeSubfoldersIsAToggleRememberedForTheFolder() throws {
        let root = try Self.makeTree()
        let settings = TemporaryFiles.url("subfolders-settings-\(UUID().uuidString)")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent("locked").path)
            try? FileManager.default.removeItem(at: root)
            try? FileManager.default.removeItem(at: settings)
        }
        let environment = try PersistentSettings.environment(in: settings)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [root.path], environment: environment)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.names(app) == ["top.png"] }, "the folder alone: \(Self.names(app) ?? [])")
        try app.setActionState("subfolders", true)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in Self.names(app)?.count == 5 }, "with its subfolders (as root, locked is read): \(Self.names(app) ?? [])")
        app.stop()
        let again = try AppProcess(display: xvfb.display, arguments: [root.path], environment: environment)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 30) { $0.contains { $0.name == .subfoldersListed } }, "remembered: \(again.recentEvents())")
        XCTAssertEqual(again.criticals, [])
    }
}
