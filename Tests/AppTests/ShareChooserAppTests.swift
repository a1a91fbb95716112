// Why this exists: Open Folder's own chooser reaches a share as GTK's does: an address typed into its location (Ctrl+L), the folder chosen there is opened as a share, mounted through GVfs and listed, not as a local path.
import Foundation
import TestAndBenchSupport
import XCTest

final class ShareChooserAppTests: XCTestCase {
    func testOpenFolderChoosesAFolderOnAShare() throws {
        let (server, bus) = try SFTPShares.serve([("beach.png", "coffee.png"), ("hill.png", "grass.png")])
        defer { server.close() }
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), "the sample gallery first")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window, "key", "ctrl+alt+o"])
        XCTAssertTrue(poll(timeout: 15) { app.visibleWindowTitles(on: xvfb).contains("Open Folder") }, "Open Folder's chooser")
        // Its location field (Ctrl+L), typed into as a dialog's field is (a first key can be lost
        // as it takes the focus); Return chooses the folder typed, mounting the share to show it.
        try xvfb.run("xdotool", ["key", "ctrl+l"])
        let chooser = try XCTUnwrap(MountDialogs.find(app, xvfb, besides: [window]), "the chooser's window")
        try MountDialogs.type(server.uri(), into: chooser, on: xvfb)
        XCTAssertTrue(app.trace.wait(timeout: 60) { $0.contains { if case .manifest(2, _) = $0.event { true } else { false } } },
                      "the share's folder opened: \(app.visibleWindowTitles(on: xvfb)) \(MountDialogs.mounted(app)) \(app.recentEvents())")
        XCTAssertTrue(app.trace.events.contains { $0.name == .shareMounting }, "opened as a share, by its address: \(app.recentEvents())")
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in (0..<2).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }, "and its photos show")
        XCTAssertEqual(app.criticals, [])
    }
}
