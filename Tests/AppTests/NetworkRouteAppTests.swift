// Why this exists: the network rule holds on the routes round one missed: a manifest URL that redirects into the local network, a proxy (whose address is all a connection shows), and a manifest file downloaded from the web; each test fails with its rule taken out.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoDecoding

final class NetworkRouteAppTests: XCTestCase {
    static let publicBase = NetworkFixtureRun.publicBase
    static let blockedLoopback = "blocked: a gallery from the internet may not load photos from this computer (127.0.0.1)"

    /// A public manifest URL answering 302 → a loopback or private one: the fetch of the
    /// manifest itself is checked, its first server (public) is the origin, the redirect is
    /// refused with the rule's words, and no request reaches the target.
    func testAPublicManifestThatRedirectsIntoTheLocalNetworkIsRefused() throws {
        let run = try NetworkFixtureRun(manifests: ["secret.json": RowTable([("a", "\(Self.publicBase)/photos/coffee.png", "filtered")]).json])
        let xvfb = try Xvfb()
        for target in ["http://127.0.0.1:8080/files/secret.json", "http://10.20.30.40:8080/files/secret.json"] {
            let app = try run.launch(xvfb, manifest: "\(Self.publicBase)/redirect?to=\(target)")
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifestFailed } }, "the manifest failed; \(app.recentEvents())")
            let reason = app.trace.events.first { $0.name == .manifestFailed }?.reason ?? ""
            let address = URL(string: target)!.host!
            let what = address == "127.0.0.1" ? "this computer" : "your local network"
            XCTAssertTrue(reason.contains("blocked: a gallery from the internet may not load photos from \(what) (\(address))"), reason)
            XCTAssertEqual(run.requests.filter { $0.address != "203.0.113.10" }.map { "\($0.address) \($0.request)" }, [],
                           "nothing reached \(address)")
            XCTAssertEqual(app.criticals, [])
        }
    }

    /// With a proxy on loopback (`http_proxy`), every connection is to 127.0.0.1: the host is
    /// judged by resolving it here. A public gallery through the proxy still loads public
    /// photos and still cannot reach loopback or private ones, and the proxy never fetched them.
    func testThroughALoopbackProxyThePhotosHostsAreJudgedNotTheProxy() throws {
        let table = RowTable([
            ("public", "\(Self.publicBase)/photos/coffee.png", "filtered"),
            ("loopback", "http://127.0.0.1:8080/photos/horse.png", Self.blockedLoopback),
            ("private", "http://10.20.30.40:8080/photos/rocket.jpg",
             "blocked: a gallery from the internet may not load photos from your local network (10.20.30.40)"),
            ("name of loopback", "http://sneaky.example:8080/photos/camera.png", Self.blockedLoopback),
        ])
        let run = try NetworkFixtureRun(manifests: ["public.json": table.json], proxyPort: 3128)
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: "\(Self.publicBase)/files/public.json",
                                 environment: ["http_proxy": "http://127.0.0.1:3128", "HTTP_PROXY": "http://127.0.0.1:3128", "no_proxy": ""])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        let proxied = run.requests.filter { $0.address == "PROXY" }.map(\.request)
        XCTAssertTrue(proxied.contains { $0.hasSuffix("/files/public.json") }, "the manifest came through the proxy: \(proxied)")
        XCTAssertTrue(proxied.contains { $0.contains("coffee.png") }, "so did the public photo")
        XCTAssertFalse(proxied.contains { $0.contains("127.0.0.1") || $0.contains("10.20.30.40") || $0.contains("sneaky") },
                       "the proxy was never asked for a local or private photo: \(proxied)")
        XCTAssertEqual(app.criticals, [])
    }

    /// A manifest file that a browser downloaded (it says so: `user.xdg.origin.url`) is a
    /// gallery from that site: a public one may not reach loopback; a file without the
    /// attribute may (control).
    func testADownloadedManifestIsAsTrustedAsTheSiteItCameFrom() throws {
        let table = RowTable([("loopback", "http://127.0.0.1:8080/photos/horse.png", Self.blockedLoopback),
                              ("public", "\(Self.publicBase)/photos/coffee.png", "filtered")])
        let run = try NetworkFixtureRun(manifests: [:])
        let downloaded = run.folder.appendingPathComponent("downloaded.json")
        try Data(table.json.utf8).write(to: downloaded)
        let marked = try Tool.run("/usr/bin/python3", ["-c", "import os, sys; os.setxattr(sys.argv[1], 'user.xdg.origin.url', b'https://gallery.example/downloads/g.json')",
                                                       downloaded.path])
        XCTAssertEqual(marked.status, 0, "the test could set the attribute: \(marked.output)")
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: downloaded.path)
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        XCTAssertFalse(run.requests.contains { $0.address == "127.0.0.1" }, "nothing reached loopback: \(run.requests)")

        // Control: the same file written locally (no attribute) is trusted as local.
        let local = run.folder.appendingPathComponent("mine.json")
        try Data(table.json.utf8).write(to: local)
        let mine = try run.launch(xvfb, manifest: local.path)
        defer { mine.stop() }
        XCTAssertTrue(mine.trace.wait(timeout: 60) { _ in mine.trace.finalStates[0]?.state == .filtered }, "a local file's gallery reaches loopback")
        XCTAssertEqual(app.criticals + mine.criticals, [])
    }

    /// A manifest downloaded from the web that lists `file:` rows (a script beside it, a system
    /// file) cannot reach this computer's files: those rows fail with the rule's reason, and Open
    /// With on them launches nothing (a handler of the test's own records any launch). Control:
    /// the same Open With on the user's own photo launches it.
    func testADownloadedManifestCannotReachThisComputersFiles() throws {
        let rule = "local files are not allowed from a gallery downloaded from the web"
        let table = RowTable([("sunset", "sunset.sh", rule), ("passwords", "file:///etc/passwd", rule),
                              ("public", "\(Self.publicBase)/photos/coffee.png", "filtered")])
        let run = try NetworkFixtureRun(manifests: [:])
        try Data("#!/bin/sh\necho sunset\n".utf8).write(to: run.folder.appendingPathComponent("sunset.sh"))
        let downloaded = run.folder.appendingPathComponent("downloaded.json")
        try Data(table.json.utf8).write(to: downloaded)
        let marked = try Tool.run("/usr/bin/python3", ["-c", "import os, sys; os.setxattr(sys.argv[1], 'user.xdg.origin.url', b'https://gallery.example/g.json')",
                                                       downloaded.path])
        XCTAssertEqual(marked.status, 0, marked.output)
        // The desktop's default app for every type here is one that only records its launch.
        let launched = run.folder.appendingPathComponent("launched")
        let data = run.folder.appendingPathComponent("data"), config = run.folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("applications"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("[Desktop Entry]\nType=Application\nName=Recorder\nExec=/usr/bin/touch \(launched.path)\nMimeType=image/png;application/x-shellscript;text/plain;\n".utf8)
            .write(to: data.appendingPathComponent("applications/recorder.desktop"))
        try Data("[Default Applications]\nimage/png=recorder.desktop\napplication/x-shellscript=recorder.desktop\ntext/plain=recorder.desktop\n".utf8)
            .write(to: config.appendingPathComponent("mimeapps.list"))
        // Classic Photos itself installed too, as an opener of PNG: the chooser must leave it out.
        try Data("[Desktop Entry]\nType=Application\nName=Classic Photos\nExec=\(AppProcess.binary) %U\nMimeType=image/png;\n".utf8)
            .write(to: data.appendingPathComponent("applications/\(AppInfo.appID).desktop"))
        XCTAssertEqual(try Tool.run("/usr/bin/update-desktop-database", [data.appendingPathComponent("applications").path]).status, 0)
        let environment = ["XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path]
        let xvfb = try Xvfb()
        let app = try run.launch(xvfb, manifest: downloaded.path, environment: environment)
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        // The script's row (the first) clicked open in the viewer, and Open With asked for it.
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: 0, action: .opened) } }, "the viewer opened the row")
        try app.activateAction("open-with")
        sleep(2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: launched.path), "no app was launched for the script")

        // Control: the user's own manifest with a photo beside it: Open With launches the app.
        try SamplePhotos.data("coffee.png").write(to: run.folder.appendingPathComponent("coffee.png"))
        let own = run.folder.appendingPathComponent("mine.json")
        try Data(RowTable([("coffee", "coffee.png", "filtered")]).json.utf8).write(to: own)
        let mine = try run.launch(xvfb, manifest: own.path, environment: environment)
        defer { mine.stop() }
        XCTAssertTrue(mine.trace.wait(timeout: 60) { _ in mine.trace.finalStates[0]?.state == .filtered }, "the own photo loaded")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try mine.mainWindow(on: xvfb), "mousemove", "300", "90", "click", "1"])
        XCTAssertTrue(mine.trace.wait(timeout: 15) { $0.contains { $0.event == .viewer(row: 0, action: .opened) } }, "the viewer opened it")
        XCTAssertTrue(mine.trace.wait(timeout: 15) { $0.contains { $0.name == .fullImage } }, "and shows it")
        try mine.activateAction("open-with")
        // The chooser offers the desktop's other apps, never Classic Photos itself.
        XCTAssertTrue(AccessibleNames.wait(mine, forNameContaining: "Recorder", timeout: 15), "the chooser offers the recording app")
        let offered = ((try? AccessibleNames.read(mine)) ?? []).filter { $0.role.contains("button") }.map(\.name)
        XCTAssertFalse(offered.contains("Classic Photos"), "the chooser leaves Classic Photos out: \(offered)")
        XCTAssertTrue(try AccessibleNames.press(mine, "Recorder"))
        XCTAssertTrue(poll(timeout: 15) { FileManager.default.fileExists(atPath: launched.path) }, "the user's own photo opened in the app chosen")
        XCTAssertEqual(app.criticals + mine.criticals, [])
    }
}
