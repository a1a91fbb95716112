// Why this exists: an SFTP server whose host key ssh does not know is the user's question, never answered for them (cancelled, the window stays as it was; Log In Anyway, the share opens), and a server whose key changed since is refused, the window saying why. ssh's known_hosts is the test's own (the bus in a mount namespace with an empty home of root's).
import Foundation
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class ShareHostKeyAppTests: XCTestCase {
    func testAnUnknownHostKeyIsAskedAndAChangedOneIsRefused() throws {
        let server = try SFTPServer()
        defer { server.close() }
        try SamplePhotos.data("coffee.png").write(to: server.folder.appendingPathComponent("beach.png"))
        let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true, privateRoot: true)
        bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), "the sample gallery first")
        let main = try app.mainWindow(on: xvfb)
        let sample = app.trace.events.filter { $0.name == .manifest }.count

        /// Open Location with the share's address: the question about its host key, on screen.
        func openAndAsk() throws -> Bool {
            try xvfb.run("xdotool", ["windowfocus", "--sync", main, "key", "ctrl+l"])
            let location = try XCTUnwrap(MountDialogs.find(app, xvfb, besides: [main]), "Open Location")
            try MountDialogs.type(server.uriCheckingHostKey(), into: location, on: xvfb)
            // GVfs's question, in GTK's dialog: "Verifying the identity of … failed, …" with the key's fingerprint.
            return poll(timeout: 30) { ((try? AccessibleNames.labelTexts(app)) ?? []).contains { $0.text.contains("Verifying the identity of") } }
        }

        // Cancelled: the window stays as it was.
        XCTAssertTrue(try openAndAsk(), "the host key is asked about: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        XCTAssertTrue(try AccessibleNames.press(app, "Cancel Login"))
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in MountDialogs.mounted(app).count == 1 }, app.recentEvents())
        XCTAssertEqual(MountDialogs.mounted(app), ["cancelled"], "the user's answer, not the app's")
        XCTAssertEqual(app.trace.events.filter { $0.name == .manifest }.count, sample, "the sample gallery still shown")

        // Log In Anyway: the share opens (and ssh keeps its key).
        XCTAssertTrue(try openAndAsk(), "asked again: \(app.recentEvents())")
        XCTAssertTrue(try AccessibleNames.press(app, "Log In Anyway"))
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in MountDialogs.mounted(app).last == "mounted" && app.trace.finalStates[0]?.state == .filtered },
                      "the share opened: \(MountDialogs.mounted(app)) \(app.recentEvents())")

        // The server's key changes (a new one, as another machine at its address would show):
        // the share is refused, and the window says why.
        server.stop()
        try server.replaceHostKey()
        try server.start()
        // Retry (F5) until GVfs has seen its connection end (before, the share still reads as mounted).
        var refused = false
        for _ in 0..<6 where !refused {
            let before = MountDialogs.mounted(app).count
            try xvfb.run("xdotool", ["windowfocus", "--sync", main, "key", "F5"])
            _ = app.trace.wait(timeout: 20) { _ in MountDialogs.mounted(app).count > before }
            refused = MountDialogs.mounted(app).last?.hasPrefix("failed") == true
        }
        XCTAssertTrue(refused, "refused: \(MountDialogs.mounted(app)) \(app.recentEvents())")
        XCTAssertTrue(MountDialogs.mounted(app).last?.contains("Host key verification failed") == true, "with ssh's reason: \(MountDialogs.mounted(app))")
        XCTAssertTrue(poll(timeout: 15) { ((try? AccessibleNames.labelTexts(app)) ?? []).contains { $0.text.contains("could not be opened") && $0.text.contains("Host key verification failed") } },
                      "the window says why: \((try? AccessibleNames.labelTexts(app))?.map(\.text).filter { !$0.isEmpty } ?? [])")
        XCTAssertEqual(app.criticals, [])
    }
}
