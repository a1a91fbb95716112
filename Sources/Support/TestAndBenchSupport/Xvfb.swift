// Why this exists: a private X server (Xvfb) for tests that run the real app; CI has no display.
import Foundation

public final class Xvfb {
    public let display: String
    private let process: ChildProcess
    /// The server's process (benchmarks read its CPU time).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Start Xvfb on a free display number (Xvfb finds it itself, from 90, and says which on a
    /// pipe: tests in parallel never race for one); with `framebufferFolder`, the screen is also a
    /// file there (`Xvfb_screen0`, XWD), read without asking the server. Keys never repeat
    /// (`-r`): xdotool releases a chord's keys in the order it pressed them, so when load delays
    /// the last release past the repeat delay, `ctrl+a` would go on typing plain "a"s.
    public init(width: Int = 1280, height: Int = 1024, framebufferFolder: String? = nil) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw NSError(domain: "Xvfb", code: 1, userInfo: [NSLocalizedDescriptionKey: "no pipe for Xvfb"]) }
        defer { close(fds[0]) }
        process = try ChildProcess("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset", "-r"]
                                   + (framebufferFolder.map { ["-fbdir", $0] } ?? []), stdout: fds[1])
        close(fds[1])
        // The number, once the server listens (it writes it then): read until the newline.
        var said = [UInt8]()
        var byte: UInt8 = 0
        while said.last != UInt8(ascii: "\n"), said.count < 16 {
            var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 10_000) > 0, read(fds[0], &byte, 1) == 1 else {
                throw NSError(domain: "Xvfb", code: 1, userInfo: [NSLocalizedDescriptionKey: "Xvfb did not start"])
            }
            said.append(byte)
        }
        guard let number = Int(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw NSError(domain: "Xvfb", code: 1, userInfo: [NSLocalizedDescriptionKey: "Xvfb said no display number"])
        }
        display = ":\(number)"
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
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/wm-check-window.py").path
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
