// Why this exists: Set as Background through the real Wallpaper portal with GNOME's backend (xdg-desktop-portal-gnome) on the test's own bus and dconf: GNOME's picture-uri then names the picture it keeps, which holds the sepia photo as written for it, and then the original's own bytes; with no portal, the action is disabled and its menu item hidden.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class WallpaperAppTests: XCTestCase {
    func backgrounds(_ app: AppProcess) -> [(uri: String, outcome: BackgroundEnding, reason: String?)] {
        app.trace.events.compactMap { if case .background(_, _, let uri, let outcome, let reason) = $0.event { (uri, outcome, reason) } else { nil } }
    }

    func testSetAsBackgroundThroughGNOMEsPortal() throws {
        let root = TemporaryFiles.url("wallpaper-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("photos"), config = root.appendingPathComponent("config").path
        let data = root.appendingPathComponent("data").path
        for path in [folder.path, config, data] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let photo = folder.appendingPathComponent("coffee.png")
        try SamplePhotos.data("coffee.png").write(to: photo)

        let xvfb = try Xvfb()
        let bus = try SessionBus()
        var environment = ProcessInfo.processInfo.environment
        let desktop = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": bus.runtimeDirectory, "XDG_CONFIG_HOME": config,
                       "XDG_DATA_HOME": data, "GSETTINGS_BACKEND": "dconf", "DISPLAY": xvfb.display, "GDK_BACKEND": "x11",
                       "GTK_A11Y": "none", "XDG_CURRENT_DESKTOP": "GNOME"]
        for (key, value) in desktop { environment[key] = value }
        _ = try Tool.run("/usr/bin/dbus-update-activation-environment", Array(desktop.keys), environment: environment, timeout: 10)
        let backend = try ChildProcess("/usr/libexec/xdg-desktop-portal-gnome", ["-r"], environment: environment)
        let portal = try ChildProcess("/usr/libexec/xdg-desktop-portal", ["-r"], environment: environment)
        defer { portal.stop(); backend.stop() }
        let call = { (arguments: [String]) in try Tool.run("/usr/bin/gdbus", ["call", "--session"] + arguments, environment: environment, timeout: 10) }
        XCTAssertTrue(poll(timeout: 20) {
            (try? call(["--dest", "org.freedesktop.portal.Desktop", "--object-path", "/org/freedesktop/portal/desktop", "--method",
                        "org.freedesktop.DBus.Properties.Get", "org.freedesktop.portal.Wallpaper", "version"]))?.status == 0
        }, "the portal serves Wallpaper")
        // The user allowed apps to set the background once, as the portal asks the first time.
        _ = try call(["--dest", "org.freedesktop.impl.portal.PermissionStore", "--object-path", "/org/freedesktop/impl/portal/PermissionStore",
                      "--method", "org.freedesktop.impl.portal.PermissionStore.SetPermission", "wallpaper", "true", "wallpaper", "", "['yes']"])

        let app = try AppProcess(display: xvfb.display, arguments: [folder.path],
                                 environment: ["GSETTINGS_BACKEND": "dconf", "XDG_CONFIG_HOME": config, "XDG_DATA_HOME": data, "XDG_CURRENT_DESKTOP": "GNOME"],
                                 bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        XCTAssertTrue(try app.openViewerByClick(on: xvfb), "the viewer shows the photo: \(app.recentEvents())")
        let pictureURI = { try Tool.run("/usr/bin/gsettings", ["get", "org.gnome.desktop.background", "picture-uri"], environment: environment).output }

        // In sepia, as the viewer shows it: a JPEG made for it, which GNOME copies and names.
        try xvfb.run("xdotool", ["key", "ctrl+F8"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.backgrounds(app).count == 1 }, app.recentEvents())
        let sepia = try XCTUnwrap(backgrounds(app).first)
        XCTAssertEqual(sepia.outcome, .set, "\(sepia)")
        XCTAssertEqual(sepia.uri, URL(fileURLWithPath: data + "/classic-photos/backgrounds/coffee (sepia).jpg").absoluteString)
        let made = try Data(contentsOf: URL(string: sepia.uri)!)
        XCTAssertEqual(TestImages.decode(made).map { [$0.width, $0.height] }, [600, 400], "the photo at full size")
        var info = stat()
        XCTAssertEqual(stat(URL(string: sepia.uri)!.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "only the user's")
        XCTAssertEqual(stat(data + "/classic-photos/backgrounds", &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o700)
        // The setting reaches dconf a moment after the portal answers (the loaded suite once read it first).
        var uri = ""
        XCTAssertTrue(poll(timeout: 15) { uri = (try? pictureURI()) ?? ""; return uri.contains(config + "/background") }, "GNOME's background is set: \(uri)")
        XCTAssertTrue(poll(timeout: 10) { (try? Data(contentsOf: URL(fileURLWithPath: config + "/background"))) == made }, "it shows the sepia photo")

        // The original: the photo's own file.
        try xvfb.run("xdotool", ["key", "s"])
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .fullImage(0, _, _, false, _, _) = $0.event { true } else { false } } })
        try xvfb.run("xdotool", ["key", "ctrl+F8"])
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in self.backgrounds(app).count == 2 }, app.recentEvents())
        XCTAssertEqual(backgrounds(app).last?.outcome, .set)
        XCTAssertEqual(backgrounds(app).last?.uri, photo.absoluteString)
        XCTAssertTrue(poll(timeout: 10) { (try? Data(contentsOf: URL(fileURLWithPath: config + "/background"))) == SamplePhotos.data("coffee.png") },
                      "it shows the original's own bytes")
        XCTAssertEqual(app.criticals, [])
    }

    /// No portal on the bus: the action is off, and the menu does not show it.
    func testWithoutAPortalTheActionIsHidden() throws {
        let xvfb = try Xvfb()
        let bus = try SessionBus(withoutServices: ["org.freedesktop.portal", "org.freedesktop.impl.portal"])
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.directory.path], bus: bus)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        let describe = { try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                                          "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                                          "--method", "org.gtk.Actions.Describe", "set-background"],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": app.busAddress], timeout: 10).output }
        XCTAssertTrue(poll(timeout: 15) { (try? describe())?.hasPrefix("((false,") == true }, "disabled: \((try? describe()) ?? "")")
        try xvfb.run("xdotool", ["key", "F10"])
        var names: [String] = []
        XCTAssertTrue(poll(timeout: 10) { names = ((try? AccessibleNames.read(app)) ?? []).map(\.name); return names.contains("Print…") }, "the menu opened")
        XCTAssertFalse(names.contains("Set as Background"), "hidden: \(names)")
        XCTAssertEqual(app.criticals, [])
    }
}
