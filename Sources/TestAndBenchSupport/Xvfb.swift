// Why this exists: a private X server (Xvfb) for tests that run the real app; CI has no display.
import Foundation

public final class Xvfb {
    public let display: String
    private let process: ChildProcess
    /// The server's process (benchmarks read its CPU time).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Start Xvfb on the first free display number from 90; with `framebufferFolder`, the
    /// screen is also a file there (`Xvfb_screen0`, XWD), read without asking the server.
    public init(width: Int = 1280, height: Int = 1024, framebufferFolder: String? = nil) throws {
        var number = 90
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
                || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") {
            number += 1
        }
        display = ":\(number)"
        process = try ChildProcess("/usr/bin/Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
                                   + (framebufferFolder.map { ["-fbdir", $0] } ?? []))
        let socket = "/tmp/.X11-unix/X\(number)"
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline, process.isRunning else {
                throw NSError(domain: "Xvfb", code: 1, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start on \(display)"])
            }
            usleep(20_000)
        }
    }

    /// Run an X client tool (xdotool, import) against this display and wait for it.
    @discardableResult
    public func run(_ tool: String, _ arguments: [String]) throws -> String {
        try Tool.run(tool, arguments, environment: ["DISPLAY": display]).output
    }

    /// Announce a window manager on this display, as a desktop session has one: GDK finds its
    /// EWMH check window once instead of asking the server again, a synchronous round trip, at the
    /// end of every frame (Scripts/wm-check-window.py; it supports no hints, so no frame waits for
    /// a compositor). Returns false if the properties could not be set.
    @discardableResult
    public func announceWindowManager() -> Bool {
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/TestAndBenchSupport/Scripts/wm-check-window.py").path
        let environment = ["DISPLAY": display]
        guard (try? Tool.run("/usr/bin/python3", [script], environment: environment))?.status == 0 else { return false }
        return (try? Tool.run("/usr/bin/python3", [script, "--check"], environment: environment))?.status == 0
    }

    /// A PNG of the whole screen.
    public func screenshot(to path: String) throws {
        try run("import", ["-display", display, "-window", "root", path])
    }

    /// Take screenshots until two in a row are identical: the last frame has been painted and
    /// nothing is moving. Returns the last one (kept at `path`).
    public func waitForSettledScreen(timeout: TimeInterval = 10, path: String) throws -> Screenshot {
        var previous = try Screenshot(path: { try screenshot(to: path); return path }())
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(150_000)
            try screenshot(to: path)
            let next = try Screenshot(path: path)
            if next.hasSamePixels(as: previous) { return next }
            previous = next
        }
        return previous
    }

    /// Take screenshots until `condition` holds on one (or `timeout` passes); returns the last
    /// one taken, which is kept at `path`.
    public func waitForScreen(timeout: TimeInterval, path: String, _ condition: (Screenshot) -> Bool) throws -> (screen: Screenshot, matched: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            try screenshot(to: path)
            let screen = try Screenshot(path: path)
            if condition(screen) { return (screen, true) }
            if Date() > deadline { return (screen, false) }
            usleep(100_000)
        }
    }

    /// Stop the server now (also done at exit, on SIGINT/SIGTERM, and by the kernel if this process is killed).
    public func stop() { process.stop() }

    deinit { stop() }
}
