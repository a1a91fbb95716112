// Why this exists: the window follows the desktop's dark style live, read from the real Settings portal (xdg-desktop-portal with its GTK backend, on the test's own bus, over a dconf-backed GSettings) and, with no portal running, from GNOME's color-scheme key; checked in the window's pixels.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class DesktopStyleAppTests: XCTestCase {
    /// The desktop's side: a dconf database in `config`, reached through `bus`.
    struct Desktop {
        let bus: SessionBus
        let config: String
        let display: String
        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            environment["XDG_RUNTIME_DIR"] = bus.runtimeDirectory
            environment["XDG_CONFIG_HOME"] = config
            environment["GSETTINGS_BACKEND"] = "dconf"
            environment["DISPLAY"] = display
            environment["GDK_BACKEND"] = "x11"
            environment["GTK_A11Y"] = "none"
            return environment
        }

        /// `portal` false: a bus that cannot start a portal (GTK asks for one at start, and the
            /// installed service would answer).
        init(display: String, portal: Bool = true) throws {
            bus = try SessionBus(withoutServices: portal ? [] : ["org.freedesktop.portal", "org.freedesktop.impl.portal"])
            config = TemporaryFiles.url("desktop-config-\(UUID().uuidString)").path
            self.display = display
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            // What the bus starts on demand (dconf's service) sees this desktop's settings.
            let names = ["DISPLAY", "XDG_CONFIG_HOME", "GSETTINGS_BACKEND", "GDK_BACKEND", "XDG_RUNTIME_DIR"]
            _ = try Tool.run("/usr/bin/dbus-update-activation-environment", names, environment: environment, timeout: 10)
        }

        /// `gsettings set SCHEMA KEY VALUE` in this desktop's database, as the Settings panel does.
        func set(_ schema: String, _ key: String, _ value: String) throws {
            let result = try Tool.run("/usr/bin/gsettings", ["set", schema, key, value], environment: environment, timeout: 10)
            XCTAssertEqual(result.status, 0, result.output)
        }

        func setColorScheme(_ value: String) throws { try set("org.gnome.desktop.interface", "color-scheme", value) }

        /// The app on this desktop's bus, its GSettings in this desktop's dconf database.
        func launchApp(_ xvfb: Xvfb, arguments: [String] = []) throws -> AppProcess {
            try AppProcess(display: xvfb.display, arguments: arguments, environment: ["GSETTINGS_BACKEND": "dconf", "XDG_CONFIG_HOME": config], bus: bus)
        }

        /// xdg-desktop-portal and its GTK backend, running on the bus until stopped.
        func startPortal() throws -> [ChildProcess] {
            let backend = try ChildProcess("/usr/libexec/xdg-desktop-portal-gtk", ["-r"], environment: environment)
            let portal = try ChildProcess("/usr/libexec/xdg-desktop-portal", ["-r"], environment: environment)
            let answers = poll(timeout: 20) {
                let read = try? Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.portal.Desktop", "--object-path",
                                                            "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
                                                            "org.freedesktop.appearance", "color-scheme"], environment: environment, timeout: 5)
                return read?.output.contains("uint32") == true
            }
            XCTAssertTrue(answers, "the portal answers")
            return [portal, backend]
        }
    }

    /// The window's background, away from the rows' pictures and text: dark or light.
    func backgroundIsDark(_ xvfb: Xvfb, _ app: AppProcess, _ name: String) throws -> Bool? {
        let path = app.directory.appendingPathComponent("\(name).png").path
        try xvfb.screenshot(to: path)
        let (r, g, b) = try Screenshot(path: path).rgb(x: 600, y: 300)
        let luminance = (r + g + b) / 3
        return luminance < 90 ? true : luminance > 170 ? false : nil
    }

    /// Settled screenshots until `condition` holds on one (10 s), each kept as NAME-N.png.
    func settledScreen(_ xvfb: Xvfb, _ app: AppProcess, _ name: String, _ condition: @escaping (Screenshot) -> Bool) -> Bool {
        var shot = 0
        return poll(timeout: 10) {
            shot += 1
            guard let screen = try? xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("\(name)-\(shot).png").path) else { return false }
            return condition(screen)
        }
    }

    func waitForStyle(_ xvfb: Xvfb, _ app: AppProcess, dark: Bool, from source: String, _ step: String) throws {
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .colorScheme(dark: dark, from: source) } },
                      "\(step): the app took the \(dark ? "dark" : "light") style from \(source): \(app.recentEvents())")
        var shot = 0
        XCTAssertTrue(poll(timeout: 10) { shot += 1; return (try? self.backgroundIsDark(xvfb, app, "\(step)-\(shot)")) == dark },
                      "\(step): the window's pixels are \(dark ? "dark" : "light")")
    }

    func testFollowsThePortalLive() throws {
        let xvfb = try Xvfb()
        let desktop = try Desktop(display: xvfb.display)
        let portal = try desktop.startPortal()
        defer { portal.forEach { $0.stop() } }
        let app = try AppProcess(display: xvfb.display, arguments: [], bus: desktop.bus)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        try waitForStyle(xvfb, app, dark: false, from: "portal", "light at start")
        try desktop.setColorScheme("prefer-dark")
        try waitForStyle(xvfb, app, dark: true, from: "portal", "dark")
        // Counted before the change: its event may arrive before `gsettings` returns.
        let changes = app.trace.events.filter { $0.name == .colorScheme }.count
        try desktop.setColorScheme("default")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.filter { $0.name == .colorScheme }.count > changes }, "back")
        try waitForStyle(xvfb, app, dark: false, from: "portal", "light again")
        XCTAssertEqual(app.criticals, [])
    }

    func testFollowsGnomeSettingsWithoutAPortal() throws {
        let xvfb = try Xvfb()
        let desktop = try Desktop(display: xvfb.display, portal: false)
        try desktop.setColorScheme("prefer-dark")
        let app = try desktop.launchApp(xvfb)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        try waitForStyle(xvfb, app, dark: true, from: "gsettings", "dark at start")
        try desktop.setColorScheme("prefer-light")
        try waitForStyle(xvfb, app, dark: false, from: "gsettings", "light")
        XCTAssertEqual(app.criticals, [])
    }

    /// High contrast from GNOME's key (the portal here has no `contrast`): GTK's HighContrast
    /// theme draws the window, and goes when the key is cleared.
    func testFollowsHighContrast() throws {
        let xvfb = try Xvfb()
        let desktop = try Desktop(display: xvfb.display, portal: false)
        let app = try desktop.launchApp(xvfb)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .contrast(high: false, from: "gsettings") } }, "off at start")
        let usual = try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("usual.png").path)
        func set(_ on: Bool) throws { try desktop.set("org.gnome.desktop.a11y.interface", "high-contrast", on ? "true" : "false") }
        // The Open button's border: Adwaita's is a soft grey, HighContrast's much darker.
        func borderDarkness(_ screen: Screenshot) -> Int {
            (0..<40).map { y -> Int in let (r, g, b) = screen.rgb(x: 11, y: 8 + y); return 255 - (r + g + b) / 3 }.max() ?? 0
        }
        try set(true)
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .contrast(high: true, from: "gsettings") } }, "on")
        XCTAssertTrue(settledScreen(xvfb, app, "high") { borderDarkness($0) > borderDarkness(usual) + 60 },
                      "the high-contrast theme draws the window (usual border darkness \(borderDarkness(usual)))")
        try set(false)
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .contrast(high: false, from: "gsettings") } && $0.filter { $0.name == .contrast }.count >= 3 }, "off again")
        XCTAssertTrue(settledScreen(xvfb, app, "usual-again") { abs(borderDarkness($0) - borderDarkness(usual)) <= 10 }, "the usual theme again")
        XCTAssertEqual(app.criticals, [])
    }

    /// Reduced motion: with animations off (gtk-enable-animations, here from settings.ini), a
    /// zoom step lands at once; with them on, it eases over several frames.
    func testReducedMotionZoomsWithoutEasing() throws {
        let folder = TemporaryFiles.url("motion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ViewerAppTests.gradientPNG().write(to: folder.appendingPathComponent("gradient.png"))
        try Data(#"[{"name": "Gradient", "url": "gradient.png"}]"#.utf8).write(to: folder.appendingPathComponent("motion.json"))
        var steps: [Bool: Int] = [:]
        for animations in [false, true] {
            let config = folder.appendingPathComponent("config-\(animations)")
            try FileManager.default.createDirectory(at: config.appendingPathComponent("gtk-4.0"), withIntermediateDirectories: true)
            try Data("[Settings]\ngtk-enable-animations=\(animations)\n".utf8).write(to: config.appendingPathComponent("gtk-4.0/settings.ini"))
            let xvfb = try Xvfb()
            let app = try AppProcess(display: xvfb.display, arguments: [folder.appendingPathComponent("motion.json").path],
                                     environment: ["XDG_CONFIG_HOME": config.path])
            defer { app.stop() }
            XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
            // A click on the row opens it; a click that lands while a loaded machine is still
            // laying out the new window is given again.
            var opened = false
            for _ in 0..<3 where !opened {
                try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
                opened = app.trace.wait(timeout: 10) { $0.contains { $0.name == .fullImage } }
            }
            XCTAssertTrue(opened, "the viewer shows the photo: \(app.recentEvents())")
            let before = app.trace.events.filter { $0.name == .zoom }.count
            try xvfb.run("xdotool", ["key", "plus"])
            // The step ends at 125 % of best fit (0.4 for 1800 pixels in 720).
            XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { if case .zoom(_, let zoom) = $0.event { abs(zoom - 0.5) < 0.02 } else { false } } },
                          "zoomed in one step: \(app.recentEvents())")
            usleep(300_000) // past the easing's 200 ms, so a late frame of an eased zoom is counted
            steps[animations] = app.trace.events.filter { $0.name == .zoom }.count - before
            XCTAssertEqual(app.criticals, [])
        }
        XCTAssertEqual(steps[false], 1, "animations off: the zoom lands at once")
        XCTAssertGreaterThan(steps[true] ?? 0, 1, "animations on: it eases over frames")
    }

    /// Large text: GNOME's text-scaling-factor at 1.5 (no XSETTINGS daemon here, so the app
    /// reads it, from GSettings with no portal) makes the rows' names half as wide again, and
    /// each row still holds its name and status.
    func testLargeTextFollowsTheDesktop() throws {
        let xvfb = try Xvfb()
        let desktop = try Desktop(display: xvfb.display, portal: false)
        let app = try desktop.launchApp(xvfb)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in app.trace.finalStates[0]?.state == .filtered }, app.recentEvents())
        /// How far right the first row's name reaches: its rightmost dark pixel.
        func nameEnd(_ screen: Screenshot) -> Int {
            var end = 0
            for y in 52..<140 {
                for x in 100..<700 {
                    let (r, g, b) = screen.rgb(x: x, y: y)
                    if (r + g + b) / 3 < 80 { end = max(end, x) }
                }
            }
            return end
        }
        let usual = nameEnd(try xvfb.waitForSettledScreen(path: app.directory.appendingPathComponent("usual.png").path))
        try desktop.set("org.gnome.desktop.interface", "text-scaling-factor", "1.5")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .textScale(factor: 1.5, from: "gsettings") } }, app.recentEvents())
        var large = 0
        XCTAssertTrue(settledScreen(xvfb, app, "large") { large = nameEnd($0); return Double(large - 111) > Double(usual - 111) * 1.35 },
                      "the name is drawn larger: it ends at \(large), against \(usual)")
        XCTAssertEqual(app.criticals, [])
    }

    /// The inspector's waterfall takes its shades from the style as it draws: in the dark style
    /// ChartPalette.dark's lighter ones, not the light style's, which are hard to see on a dark
    /// background. (Downloads that wait 60 s for the server: running bars that grow as the
    /// screenshots are taken; bars of ended ones thin out as the time axis grows.)
    func testInspectorDrawsInTheDarkStylesShades() throws {
        let xvfb = try Xvfb()
        let server = try TestServer(route: SamplePhotos.route)
        let desktop = try Desktop(display: xvfb.display, portal: false)
        try desktop.setColorScheme("prefer-dark")
        let app = try desktop.launchApp(xvfb, arguments: [server.baseURL.absoluteString + "/gallery.json?count=40&delay=60000"])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        try waitForStyle(xvfb, app, dark: true, from: "gsettings", "dark desktop")
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowfocus", "--sync", window])
        try xvfb.run("xdotool", ["windowsize", "--sync", window, "1100", "1000"])
        try xvfb.run("xdotool", ["key", "ctrl+shift+o"])
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.event == .inspector(open: true) } }, "Ctrl+Shift+O opened it")
        // The bars' colours but the queued grey (other things are grey too).
        let darkShades = [0xdc8add, 0x62a0ea, 0xf66151, 0xffa348, 0x57e389]
        let lightShades = [0x813d9c, 0x1c71d8, 0xc01c28, 0xc64600, 0x1d8250]
        /// Pixels within 3 of one of `colours` in every channel (the bars are opaque).
        func count(_ screen: Screenshot, _ colours: [Int]) -> Int {
            let wanted = colours.map { ($0 >> 16, ($0 >> 8) & 0xff, $0 & 0xff) }
            var found = 0
            for y in 0..<screen.height {
                for x in 0..<screen.width {
                    let (r, g, b) = screen.rgb(x: x, y: y)
                    if wanted.contains(where: { abs(r - $0.0) <= 3 && abs(g - $0.1) <= 3 && abs(b - $0.2) <= 3 }) { found += 1 }
                }
            }
            return found
        }
        var shot = 0
        var shades = (dark: 0, light: 0)
        let drawn = poll(timeout: 30) {
            shot += 1
            let path = app.directory.appendingPathComponent("inspector-dark-\(shot).png").path
            guard (try? xvfb.screenshot(to: path)) != nil, let screen = try? Screenshot(path: path) else { return false }
            shades = (count(screen, darkShades), count(screen, lightShades))
            return shades.dark >= 500
        }
        XCTAssertTrue(drawn, "the bars in the dark style's shades: \(shades.dark) pixels")
        XCTAssertLessThan(shades.light, shades.dark / 20, "not in the light style's")
        XCTAssertEqual(app.criticals, [])
    }

    /// The Style preference (the primary menu's radio items, the `app.style` action) overrides
    /// the desktop's dark style, and "Follow the System Style" gives it back.
    func testStylePreferenceOverridesTheDesktop() throws {
        let xvfb = try Xvfb()
        let desktop = try Desktop(display: xvfb.display, portal: false)
        try desktop.setColorScheme("prefer-dark")
        let app = try desktop.launchApp(xvfb)
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows(), app.stderr)
        try waitForStyle(xvfb, app, dark: true, from: "gsettings", "dark desktop")
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        try xvfb.run("xdotool", ["key", "F10"])
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name.contains("Light Style") } }, "the menu offers the styles")
        try xvfb.run("xdotool", ["key", "Escape"])
        func setStyle(_ style: String) throws {
            let result = try Tool.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.classicphotos.ClassicPhotos",
                                                         "--object-path", "/io/github/classicphotos/ClassicPhotos",
                                                         "--method", "org.gtk.Actions.SetState", "style", "<'\(style)'>", "{}"],
                                      environment: desktop.environment, timeout: 10)
            XCTAssertEqual(result.status, 0, result.output)
        }
        try setStyle("light")
        try waitForStyle(xvfb, app, dark: false, from: "preference", "light by preference")
        let count = app.trace.events.filter { $0.name == .colorScheme }.count
        try setStyle("follow")
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.filter { $0.name == .colorScheme }.count > count }, "followed again")
        try waitForStyle(xvfb, app, dark: true, from: "gsettings", "the desktop's again")
        XCTAssertEqual(app.criticals, [])
    }
}
