// Why this exists: F1 and Help show the user's manual through the desktop's help viewer (here a stand-in registered for Yelp's addresses, which writes down what it was asked): from the source tree, its own pages; with no help viewer, the window says what to install.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class HelpAppTests: XCTestCase {
    /// A data and a config folder where `handler` (nil: none) is the desktop's app for help:
    /// and ghelp: addresses, writing each address it gets to `asked`.
    func desktop(_ folder: URL, handler: Bool) throws -> (environment: [String: String], asked: URL) {
        let data = folder.appendingPathComponent("data"), config = folder.appendingPathComponent("config")
        let applications = data.appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let asked = folder.appendingPathComponent("asked.txt")
        if handler {
            let script = folder.appendingPathComponent("help-viewer")
            try Data("#!/bin/sh\necho \"$1\" >> '\(asked.path)'\n".utf8).write(to: script)
            XCTAssertEqual(chmod(script.path, 0o755), 0)
            try Data("""
                [Desktop Entry]
                Type=Application
                Name=Help Viewer
                Exec=\(script.path) %u
                MimeType=x-scheme-handler/help;x-scheme-handler/ghelp;

                """.utf8).write(to: applications.appendingPathComponent("help-viewer.desktop"))
            try Data("[Default Applications]\nx-scheme-handler/help=help-viewer.desktop\nx-scheme-handler/ghelp=help-viewer.desktop\n".utf8)
                .write(to: config.appendingPathComponent("mimeapps.list"))
        } else {
            // No help viewer: Yelp, which the test tools bring, taken away from the addresses.
            try Data("[Removed Associations]\nx-scheme-handler/help=yelp.desktop\nx-scheme-handler/ghelp=yelp.desktop\n".utf8)
                .write(to: config.appendingPathComponent("mimeapps.list"))
        }
        return (["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": data.path + ":/usr/local/share:/usr/share", "XDG_CONFIG_HOME": config.path], asked)
    }

    /// The sample photos' folder shown on that desktop, its first row settled, then F1 pressed.
    func launchAndPressF1(_ environment: [String: String]) throws -> (Xvfb, AppProcess) {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.directory.path], environment: environment)
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates[0] != nil }, app.recentEvents())
        do { try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb), "key", "F1"]) } catch { app.stop(); throw error }
        return (xvfb, app)
    }

    func testF1AndHelpShowTheManual() throws {
        let folder = TemporaryFiles.url("help-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (environment, asked) = try desktop(folder, handler: true)
        let (xvfb, app) = try launchAndPressF1(environment)
        defer { app.stop(); withExtendedLifetime(xvfb) {} }
        let pages = "ghelp:" + SamplePhotos.repositoryRoot.appendingPathComponent("help/C").path
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { $0.event == .help(uri: pages, reason: nil) } }, app.recentEvents())
        XCTAssertTrue(poll(timeout: 10) { ((try? String(contentsOf: asked, encoding: .utf8)) ?? "") == pages + "\n" },
                      "the help viewer was asked for the source tree's pages: \((try? String(contentsOf: asked, encoding: .utf8)) ?? "nothing")")
        // The primary menu's Help does the same.
        try app.activateAction("help")
        XCTAssertTrue(poll(timeout: 10) { ((try? String(contentsOf: asked, encoding: .utf8)) ?? "") == pages + "\n" + pages + "\n" })
        XCTAssertEqual(app.criticals, [])
    }

    func testWithoutAHelpViewerTheWindowSaysWhatToInstall() throws {
        let folder = TemporaryFiles.url("help-none-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (environment, _) = try desktop(folder, handler: false)
        let (xvfb, app) = try launchAndPressF1(environment)
        defer { app.stop(); withExtendedLifetime(xvfb) {} }
        XCTAssertTrue(app.trace.wait(timeout: 20) { $0.contains { if case .help(_, "no help viewer") = $0.event { true } else { false } } }, app.recentEvents())
        XCTAssertTrue(poll(timeout: 10) { ((try? AccessibleNames.read(app)) ?? []).contains { $0.name == "The manual needs a help viewer: install Yelp, GNOME’s help app" } },
                      "\(((try? AccessibleNames.read(app)) ?? []).map(\.name))")
        XCTAssertEqual(app.criticals, [])
    }
}
