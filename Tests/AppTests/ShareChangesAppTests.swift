// Why this exists: a share's folder changed on the server while the app was in the background (GVfs's backends report no changes): listed again as the window gains the focus, the photo that went gone from the list, the one that arrived shown in sepia, and the rows that stayed kept as they were; and the share unmounted from outside, said in the window, with Retry mounting it again.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareChangesAppTests: XCTestCase {
    func relisted(_ app: AppProcess) -> [[Int]] {
        app.trace.events.compactMap { if case .shareRelisted(let added, let removed, _, nil) = $0.event { [added, removed] } else { nil } }
    }

    func rowNames(_ app: AppProcess) -> [String] {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).filter { $0.contains(".png, ") }.map { String($0.prefix { $0 != "," }) }
    }

    /// Away in another window (Open Location), the folder changes on the server (`removing`
    /// goes, `adding` arrives); back in the main window.
    func awayAndBack(_ xvfb: Xvfb, _ main: String, _ server: SFTPServer, removing: String, adding: String) throws {
        try Self.awayAndBack(xvfb, main) {
            try FileManager.default.removeItem(at: server.folder.appendingPathComponent(removing))
            try SamplePhotos.data("brick.png").write(to: server.folder.appendingPathComponent(adding))
        }
    }

    /// Away in another window, `change` made on the server; back in the main window.
    static func awayAndBack(_ xvfb: Xvfb, _ main: String, change: () throws -> Void) throws {
        try xvfb.run("xdotool", ["windowfocus", "--sync", main, "key", "ctrl+l"])
        let location = try XCTUnwrap(try xvfb.run("xdotool", ["search", "--sync", "--onlyvisible", "--name", "Open Location"])
            .split(separator: "\n").first.map(String.init), "Open Location")
        try change()
        try xvfb.run("xdotool", ["windowfocus", "--sync", location, "key", "Escape"])
        XCTAssertTrue(poll(timeout: 10) { ((try? xvfb.run("xdotool", ["search", "--onlyvisible", "--name", "Open Location"])) ?? "").isEmpty },
                      "Escape cancels Open Location")
        try xvfb.run("xdotool", ["windowfocus", "--sync", main])
    }

    func testAChangeOnTheServerIsMergedInWhenTheWindowGainsTheFocus() throws {
        let (server, bus) = try SFTPShares.serve([("a.png", "coffee.png"), ("b.png", "brick.png"), ("c.png", "coffee.png")])
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<3).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos load: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        let main = try app.mainWindow(on: xvfb)
        let loadsBefore = app.trace.events.filter { $0.name == .state }.count

        try awayAndBack(xvfb, main, server, removing: "b.png", adding: "d.png")

        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.relisted(app).contains([1, 1]) },
                      "listed again as the window gained the focus: \(app.recentEvents())")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app) == ["a.png", "c.png", "d.png"] }, "b.png went, d.png arrived: \(rowNames(app))")
        // Row 2 was c.png's, filtered already: d.png's own states are those after the change.
        func statesSince() -> [(row: Int, state: PhotoState)] {
            app.trace.events.filter { $0.name == .state }.dropFirst(loadsBefore).compactMap { event in
                if case .state(let row, let state, _, _) = event.event { return (row, state) } else { return nil }
            }
        }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in statesSince().contains { $0.row == 2 && $0.state == .filtered } },
                      "the new photo loads in sepia: \(app.recentEvents())")
        // a.png and c.png stayed as they were: only d.png's row was loaded (new → … → filtered).
        XCTAssertEqual(Set(statesSince().map(\.row)), [2], "the rows that stayed are not loaded again")
        XCTAssertEqual(app.criticals, [])
    }

    func testAPhotoChangedInPlaceOnTheServerIsReadAgain() throws {
        let (server, bus) = try SFTPShares.serve([("a.png", "coffee.png"), ("b.png", "brick.png")])
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } },
                      "the share's photos load: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        let main = try app.mainWindow(on: xvfb)
        let before = app.trace.events.count
        // b.png is written again with another photo (another size, a later time).
        try Self.awayAndBack(xvfb, main) {
            let file = server.folder.appendingPathComponent("b.png")
            try SamplePhotos.data("grass.png").write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: file.path)
        }
        XCTAssertTrue(app.trace.wait(timeout: 30) { events in events.contains { $0.event == .shareRelisted(added: 0, removed: 0, changed: 1, reason: nil) } },
                      "listed again, b.png changed: \(app.recentEvents())")
        let since = { app.trace.events.dropFirst(before) }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in since().contains { if case .image(1, .file, _) = $0.event { true } else { false } } },
                      "b.png read again from the share: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in since().contains { $0.event == .state(row: 1, state: .filtered, reason: nil, code: nil) } }, app.recentEvents())
        XCTAssertFalse(since().contains { $0.row == 0 && $0.name == .state }, "a.png, unchanged, is not read again")
        XCTAssertEqual(app.criticals, [])
    }

    func testInAnOrderTheUserChoseWhatArrivedIsSortedIn() throws {
        let (server, bus) = try SFTPShares.serve([("a.png", "coffee.png"), ("b.png", "brick.png"), ("c.png", "coffee.png")])
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--sort", "name-desc", server.uri()], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(poll(timeout: 60) { self.rowNames(app) == ["c.png", "b.png", "a.png"] }, "sorted by name, descending: \(rowNames(app))")
        let main = try app.mainWindow(on: xvfb)
        try awayAndBack(xvfb, main, server, removing: "a.png", adding: "d.png")
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in self.relisted(app).contains([1, 1]) }, "listed again: \(app.recentEvents())")
        XCTAssertTrue(poll(timeout: 15) { self.rowNames(app) == ["d.png", "c.png", "b.png"] }, "d.png sorted in: \(rowNames(app))")
        XCTAssertEqual(app.criticals, [])
    }

    func testAShareUnmountedFromOutsideIsSaidAndRetryMountsItAgain() throws {
        let (server, bus) = try SFTPShares.serve([("a.png", "coffee.png")])
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [server.uri()], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, "loaded: \(app.recentEvents())")
        Thread.sleep(forTimeInterval: 0.5)
        let unmount = try Tool.run("/usr/bin/gio", ["mount", "-u", server.uri()],
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": bus.runtimeDirectory], timeout: 30)
        XCTAssertEqual(unmount.status, 0, "gio mount -u")
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .shareUnmounted } }, "seen: \(app.recentEvents())")
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "was unmounted", timeout: 15), "said in the window")
        XCTAssertEqual(app.trace.finalStates[0]?.state, .filtered, "the row shown stays")
        XCTAssertTrue(try AccessibleNames.press(app, "Retry"))
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in MountDialogs.mounted(app) == ["mounted", "mounted"] }, "mounted again: \(app.recentEvents())")
        XCTAssertEqual(app.criticals, [])
    }
}
