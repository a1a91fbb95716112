// Why this exists: the user's side of private network access: the local network and this computer are two questions, allowing one does not allow the other; an http: gallery's answer is not remembered (anyone on the way can change it) while a downloaded file's is; and Forget Local Network Permission takes it back. Each test fails with its rule taken out.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class LocalNetworkConsentAppTests: XCTestCase {
    static let publicBase = NetworkFixtureRun.publicBase
    static let askLocalNetwork = "This gallery wants to load photos from your local network"
    static let askThisComputer = "This gallery wants to load photos from this computer"

    /// The permissions written in the settings: the two keys' lines of the keyfile.
    func permissions(_ run: NetworkFixtureRun) -> String {
        PersistentSettings.keyfile(in: run.folder).split(separator: "\n")
            .filter { $0.hasPrefix("local-network-galleries=") || $0.hasPrefix("this-computer-galleries=") }.joined(separator: "\n")
    }

    func question(_ app: AppProcess) -> String? {
        ((try? AccessibleNames.read(app)) ?? []).map(\.name).first { $0 == Self.askLocalNetwork || $0 == Self.askThisComputer }
    }

    /// Answer the bar as a user would, by its mnemonic (Alt+A Allow, Alt+D Dismiss).
    func answer(_ xvfb: Xvfb, _ app: AppProcess, allow: Bool) throws {
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["key", allow ? "alt+a" : "alt+d"])
    }

    func testAllowingTheLocalNetworkDoesNotAllowThisComputer() throws {
        // The refused row by its code: the consent must work whatever the refusal's words say.
        let table = RowTable([("private", "http://10.20.30.40:8080/photos/coffee.png", "filtered"),
                              ("loopback", "http://127.0.0.1:8080/photos/horse.png", "code:blocked")])
        let run = try NetworkFixtureRun(manifests: ["two.json": table.json])
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: "\(Self.publicBase)/files/two.json")
        defer { app.stop() }
        XCTAssertTrue(poll(timeout: 30) { self.question(app) != nil }, "the bar asks")
        if question(app) == Self.askThisComputer {
            // This computer was refused first: no to that; the local network's question follows.
            try answer(xvfb, app, allow: false)
            XCTAssertTrue(poll(timeout: 10) { self.question(app) == Self.askLocalNetwork }, "then the local network's question")
        }
        XCTAssertEqual(question(app), Self.askLocalNetwork)
        try answer(xvfb, app, allow: true)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, "the private photo loads now")
        table.waitForEveryRow(app, timeout: 30)
        table.assertEnded(app)
        XCTAssertFalse(run.requests.contains { $0.address == "127.0.0.1" }, "this computer was never reached: \(run.requests)")
        XCTAssertEqual(app.criticals, [])
    }

    /// An http: gallery: allowed in one launch, asked again in the next. A manifest downloaded
    /// from an https: site (a file, which no one on the way can change): remembered.
    func testOnlyAnAnswerNoOneCanChangeIsRemembered() throws {
        let table = RowTable([("loopback", "http://127.0.0.1:8080/photos/horse.png", "filtered")])
        let run = try NetworkFixtureRun(manifests: ["ask.json": table.json])
        let downloaded = run.folder.appendingPathComponent("downloaded.json")
        try Data(table.json.utf8).write(to: downloaded)
        let marked = try Tool.run("/usr/bin/python3", ["-c", "import os, sys; os.setxattr(sys.argv[1], 'user.xdg.origin.url', b'https://gallery.example/g.json')",
                                                       downloaded.path])
        XCTAssertEqual(marked.status, 0, marked.output)
        let environment = try PersistentSettings.environment(in: run.folder)
        let xvfb = try Xvfb()
        for (manifest, remembered) in [("\(Self.publicBase)/files/ask.json", false), (downloaded.path, true)] {
            let first = try run.launch(xvfb, manifest: manifest, environment: environment)
            XCTAssertTrue(poll(timeout: 30) { self.question(first) == Self.askThisComputer }, "\(manifest): asked")
            try answer(xvfb, first, allow: true)
            XCTAssertTrue(first.trace.wait(timeout: 30) { _ in first.trace.finalStates[0]?.state == .filtered }, "\(manifest): allowed, it loads")
            first.stop()

            let second = try run.launch(xvfb, manifest: manifest, environment: environment)
            defer { second.stop() }
            XCTAssertTrue(second.trace.wait(timeout: 30) { _ in second.trace.endedState(0) != nil }, "\(manifest): the row ended")
            if remembered {
                XCTAssertEqual(second.trace.endedState(0), .filtered, "\(manifest): remembered")
                XCTAssertFalse(second.trace.events.contains { $0.event == .localNetwork(action: .asked) })
            } else {
                XCTAssertEqual(second.trace.endedState(0), .failed, "\(manifest): an http: gallery is asked again")
                XCTAssertTrue(second.trace.wait(timeout: 10) { $0.contains { $0.event == .localNetwork(action: .asked) } })
            }
            XCTAssertEqual(first.criticals + second.criticals, [])
        }
        XCTAssertFalse(permissions(run).contains("203.0.113.10"), "the http: gallery was never written down: \(permissions(run))")
        XCTAssertTrue(permissions(run).contains(downloaded.lastPathComponent), "the downloaded file was")
    }

    func testForgettingThePermissionTakesItBack() throws {
        let table = RowTable([("loopback", "http://127.0.0.1:8080/photos/horse.png", "filtered")])
        let run = try NetworkFixtureRun(manifests: [:])
        let downloaded = run.folder.appendingPathComponent("downloaded.json")
        try Data(table.json.utf8).write(to: downloaded)
        _ = try Tool.run("/usr/bin/python3", ["-c", "import os, sys; os.setxattr(sys.argv[1], 'user.xdg.origin.url', b'https://gallery.example/g.json')",
                                              downloaded.path])
        let environment = try PersistentSettings.environment(in: run.folder)
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: downloaded.path, environment: environment)
        defer { app.stop() }
        XCTAssertTrue(poll(timeout: 30) { self.question(app) == Self.askThisComputer }, "asked")
        try answer(xvfb, app, allow: true)
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, "allowed")
        XCTAssertTrue(poll(timeout: 10) { self.permissions(run).contains(downloaded.lastPathComponent) }, "remembered")

        try app.activateAction("forget-local-network")
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .localNetwork(action: .revoked) } }, "taken back")
        XCTAssertTrue(poll(timeout: 10) { !self.permissions(run).contains(downloaded.lastPathComponent) }, "forgotten: \(permissions(run))")
        app.stop()
        // The next launch asks again (what loaded before may still come from a cache; a new
        // request to this computer is refused).
        let again = try run.launch(xvfb, manifest: downloaded.path, environment: environment)
        defer { again.stop() }
        XCTAssertTrue(again.trace.wait(timeout: 30) { $0.contains { $0.event == .localNetwork(action: .asked) } }, "asked again")
        XCTAssertEqual(again.trace.finalStates[0]?.state, .failed)
        XCTAssertEqual(app.criticals + again.criticals, [])
    }
}
