// Why this exists: the real app given odd local paths (a FIFO, devices, a folder, a loop, /proc/self/mem, another host's file:) and a FIFO as the manifest: each fails at once with its reason, the other rows still load, and nothing keeps the CPU busy.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class LocalFilesAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func temporaryDirectory() throws -> URL {
        let directory = TemporaryFiles.url("odd-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The app's CPU time (user + system) in seconds, from /proc/PID/stat.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.split(separator: ")").last else { return .nan }
        let fields = afterName.split(separator: " ")
        // After the name: state is field 3 of the line, utime 14 and stime 15 → indexes 11 and 12 here.
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return .nan }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// CPU used over `seconds`, as a fraction of one core, once start-up is over (GL's shaders
    /// compile in the first second): measured after the first quiet half-second, or after 10 s
    /// if the app never goes quiet (a spin), so a spin is still measured. `settled` says which.
    /// The lowest of up to three such spans: on a loaded machine an app waiting for a processor
    /// looks quiet too, and the rest of its start-up then fell in the span measured (25.6 % of a
    /// core, once, in the README's test command); a spin fills every span.
    static func cpuShareAtRest(_ pid: Int32, over seconds: Double) -> (share: Double, settled: Bool) {
        let settled = poll(timeout: 10, interval: 0) { cpuShare(pid, over: 0.5) < 0.05 }
        var lowest = Double.infinity
        for _ in 0..<3 where lowest >= 0.05 { lowest = min(lowest, cpuShare(pid, over: seconds)) }
        return (lowest, settled)
    }

    /// CPU used over `seconds`, as a fraction of one core.
    static func cpuShare(_ pid: Int32, over seconds: Double) -> Double {
        let before = cpuSeconds(pid), started = Date()
        usleep(UInt32(seconds * 1_000_000))
        return (cpuSeconds(pid) - before) / Date().timeIntervalSince(started)
    }

    func testOddLocalPathsFailAtOnceAndTheRestLoad() throws {
        let directory = try temporaryDirectory()
        XCTAssertEqual(mkfifo(directory.appendingPathComponent("pipe.png").path, 0o644), 0)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("loop.png").path, withDestinationPath: "loop.png")
        let photos = SamplePhotos.directory
        let table = RowTable([
            ("fifo", "pipe.png", "“pipe.png” is a named pipe (FIFO), not a regular file"),
            ("good 1", photos.appendingPathComponent("coffee.png").absoluteString, "filtered"),
            ("zero", "/dev/zero", "“zero” is a character device, not a regular file"),
            ("urandom", "file:///dev/urandom", "“urandom” is a character device, not a regular file"),
            ("other host", "file://otherhost/etc/passwd", "not a local file: “file://otherhost/etc/passwd” names another machine (“otherhost”)"),
            ("folder", "folder.png", "“folder.png” is a folder, not a regular file"),
            ("loop", "loop.png", "“loop.png”: Too many levels of symbolic links"),
            ("proc", "/proc/self/mem", "“mem”: Input/output error"),
            ("good 2", photos.appendingPathComponent("rocket.jpg").absoluteString, "filtered"),
        ])
        let manifest = directory.appendingPathComponent("odd.json")
        try Data(table.json.utf8).write(to: manifest)

        let xvfb = try Xvfb()
        // The renderer a user gets by default here (GL): a spinner that never stops costs a core with it.
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], environment: ["GSK_RENDERER": "gl"])
        defer { app.stop() }
        // Each fails with its own reason, which says it was never opened: a read that blocked would
        // fail with the 15 s timeout's reason instead, so no clock is needed to tell.
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        // With everything ended, nothing spins: no spinner, no timer, no repaint.
        let (share, settled) = Self.cpuShareAtRest(app.process.processIdentifier, over: 5)
        print("CPU at rest with the odd rows on screen: \(String(format: "%.1f", share * 100)) % of a core")
        XCTAssertTrue(settled, "the app went quiet within 10 s")
        XCTAssertLessThan(share, 0.20, "the app keeps a core busy at rest")
        XCTAssertEqual(app.criticals, [])
    }

    func testAManifestThatIsAFIFOGetsTheErrorAndNoSpinner() throws {
        let directory = try temporaryDirectory()
        let fifo = directory.appendingPathComponent("gallery.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [fifo.path], environment: ["GSK_RENDERER": "gl"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.name == .manifestFailed } }, "the manifest failed at once")
        XCTAssertEqual(app.trace.events.first { $0.name == .manifestFailed }?.reason,
                       "could not read the manifest: “gallery.json” is a named pipe (FIFO), not a regular file")
        // The page changes after the failure is traced (on a loaded machine, a moment later).
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in app.trace.pages.contains("empty") }, "the empty page came: \(app.trace.pages)")
        XCTAssertEqual(app.trace.pages, ["loading", "empty"], "the loading page (and its spinner) went away")
        let (share, settled) = Self.cpuShareAtRest(app.process.processIdentifier, over: 5)
        print("CPU at rest after a FIFO manifest: \(String(format: "%.1f", share * 100)) % of a core")
        XCTAssertTrue(settled, "the app went quiet within 10 s")
        XCTAssertLessThan(share, 0.20)
        XCTAssertEqual(app.criticals, [])
    }

    /// A visible row whose download never answers does not hold back the prefetch band.
    func testOneStuckRowDoesNotStarveThePrefetch() throws {
        let base = Self.server.baseURL.absoluteString
        let rows = (0..<40).map { row in
            row == 1 ? "{\"name\": \"stuck\", \"url\": \"\(base)/photos/coffee.png?fault=stall\"}"
                     : "{\"name\": \"Photo \(row)\", \"url\": \"\(base)/photos/horse.png?row=\(row)\"}"
        }
        let manifest = try temporaryDirectory().appendingPathComponent("stuck.json")
        try Data(("[" + rows.joined(separator: ",") + "]").utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.contains { $0.name == .prefetch } },
                      "the prefetch band started while row 1 was still waiting")
        XCTAssertNil(app.trace.finalStates[1], "row 1 is still stuck (its 15 s timeout has not passed)")
        XCTAssertEqual(app.criticals, [])
    }
}
