// Why this exists: GNOME on bookworm runs Wayland by default: the app under bookworm's weston (GDK_BACKEND=wayland), driven with real input: the sample gallery reaches sepia, a click opens the viewer and Escape closes it, a wheel scroll moves the list, Return opens the focused row, and nothing goes critical.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class WaylandAppTests: XCTestCase {
    /// weston's headless backend has no seat (no wl_seat at all: no pointer, no keyboard), so no
    /// input can reach a client there; its X11 backend, on an Xvfb of the test's own, has one, fed
    /// by xdotool. The kiosk shell shows the app fullscreen, so the test knows where things are.
    func testTheAppRunsAndAnswersInputUnderWeston() throws {
        let xvfb = try Xvfb(width: 1024, height: 768)
        defer { xvfb.stop() }
        let runtime = TemporaryFiles.url("weston-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = xvfb.display
        environment["XDG_RUNTIME_DIR"] = runtime.path
        let weston = try ChildProcess("/usr/bin/weston", ["--backend=x11-backend.so", "--shell=kiosk-shell.so", "--socket=classic-photos-test",
                                                          "--width=1024", "--height=768", "--idle-time=0", "--no-config"],
                                      environment: environment)
        defer { weston.stop() }
        let socket = runtime.appendingPathComponent("classic-photos-test").path
        XCTAssertTrue(poll(timeout: 15) { FileManager.default.fileExists(atPath: socket) }, "weston listens")

        // The Wayland socket by its whole path: the app's own runtime folder is its session bus's.
        let app = try AppProcess(display: xvfb.display, arguments: [SamplePhotos.sampleManifest.path],
                                 // No GSK_RENDERER, as a desktop launch has: the app asks GL what it is.
                                 environment: ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socket, "GSK_RENDERER": ""])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates.values.contains { $0.state == .filtered } },
                      "the sample gallery reaches sepia under Wayland: \(app.recentEvents()) \(app.stderr.suffix(400))")
        XCTAssertTrue(app.waitForFirstRows(), "a frame with rows was painted")

        func viewer(_ action: ViewerAction, after count: Int) -> Bool {
            app.trace.wait(timeout: 15) { $0.dropFirst(count).contains { if case .viewer(_, action) = $0.event { true } else { false } } }
        }
        // A click opens the row under it in the viewer; Escape goes back.
        var before = app.trace.events.count
        try xvfb.run("xdotool", ["mousemove", "500", "300", "sleep", "0.3", "click", "1"])
        XCTAssertTrue(viewer(.opened, after: before), "a click opened the viewer: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(viewer(.closed, after: before), "Escape closed it: \(app.recentEvents())")
        // A wheel scroll moves the list.
        try xvfb.run("xdotool", ["mousemove", "500", "450", "sleep", "0.3", "click", "5", "click", "5", "click", "5"])
        XCTAssertTrue(app.trace.wait(timeout: 15) { $0.contains { ($0.event.range?.lowerBound ?? 0) > 0 && $0.name == .scrollEnd } },
                      "the wheel moved the list: \(app.recentEvents())")
        // Return opens the row with the focus (the one clicked), Escape closes the viewer again.
        before = app.trace.events.count
        try xvfb.run("xdotool", ["key", "Return"])
        XCTAssertTrue(viewer(.opened, after: before), "Return opened the viewer: \(app.recentEvents())")
        try xvfb.run("xdotool", ["key", "Escape"])
        XCTAssertTrue(viewer(.closed, after: before), "Escape closed it: \(app.recentEvents())")
        // On Wayland only a GL context tells what GL is: here Mesa's llvmpipe, so cairo.
        guard case .renderer(let name, let reason, let gl)? = app.trace.events.first(where: { $0.name == .renderer })?.event else {
            return XCTFail("its first frame was drawn, with a renderer chosen")
        }
        XCTAssertEqual(name, "cairo")
        XCTAssertEqual(reason, .softwareGL)
        XCTAssertTrue(gl.lowercased().contains("llvmpipe"), "GL here is Mesa's software rasterizer: \(gl)")
        XCTAssertEqual(app.criticals, [])
    }
}
