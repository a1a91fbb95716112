// Why this exists: the real app given broken things: every broken row ends failed with its reason in the trace, every other row loads, nothing is left in progress.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest
import PhotoTrace

final class BadInputAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    /// A remote gallery mixing good rows with every kind of broken one.
    func testRemoteGalleryWithFaultsFailsOnlyTheBrokenRows() throws {
        let base = Self.server.baseURL
        let directory = TemporaryFiles.url("faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let table = RowTable([
            ("good png", "\(base)/photos/coffee.png", "filtered"),
            ("missing", "\(base)/photos/none.png", "HTTP 404"),
            ("server error", "\(base)/photos/coffee.png?status=500", "HTTP 500"),
            ("unavailable", "\(base)/photos/coffee.png?status=503", "HTTP 503"),
            ("html", "\(base)/photos/coffee.png?fault=html", "not a readable image"),
            ("empty", "\(base)/photos/coffee.png?fault=empty", "empty"),
            ("bomb", "\(base)/photos/b.png?fault=bomb", "30000 × 30000"),
            ("truncated", "\(base)/photos/coffee.png?fault=truncate", "terminated"),
            ("redirect loop", "\(base)/loop", "redirect"),
            ("ftp", "ftp://127.0.0.1/a.png", "unsupported URL scheme"),
            ("good jpeg", "\(base)/photos/rocket.jpg", "filtered"),
        ], reasonsContain: true)
        let manifest = directory.appendingPathComponent("faults.json")
        try Data(table.json.utf8).write(to: manifest)

        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path])
        defer { app.stop() }
        table.waitForEveryRow(app, timeout: 60)
        table.assertEnded(app)
        assertNothingLeftInProgress(app)
        XCTAssertEqual(app.criticals, [])
    }

    /// A remote gallery may not reach local files, not even by a relative path.
    func testRemoteGalleryCannotReachLocalFiles() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [Self.server.baseURL.absoluteString + "/local.json"])
        defer { app.stop() }
        // Every row ended (under load the 404 may come after the last row's image).
        XCTAssertTrue(app.trace.wait(timeout: 30) { _ in
            (0...2).allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) }
        }, app.recentEvents())
        let states = app.trace.finalStates
        XCTAssertEqual(states[2]?.state, .filtered)
        XCTAssertEqual(states[0]?.state, .failed)
        XCTAssertEqual(states[0]?.reason, "local files are not allowed from a remote gallery")
        // A relative path climbs only within the server: it is fetched from there (and is not found).
        XCTAssertEqual(states[1]?.state, .failed)
        XCTAssertTrue(states[1]?.reason?.hasPrefix("HTTP 404") == true, states[1]?.reason ?? "")
        XCTAssertFalse(Self.server.requests.isEmpty)
        XCTAssertEqual(app.criticals, [])
    }

    /// An unresolvable host, in a network namespace of the app's own so no lookup leaves the machine.
    func testUnresolvableHostFailsItsRow() throws {
        let directory = TemporaryFiles.url("dns-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try SamplePhotos.data("horse.png").write(to: directory.appendingPathComponent("horse.png"))
        let manifest = directory.appendingPathComponent("dns.json")
        try Data(#"[{"name": "nowhere", "url": "http://photos.invalid/a.png"}, {"name": "local", "url": "horse.png"}]"#.utf8).write(to: manifest)
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest.path], isolatedNetwork: true)
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 60) { _ in app.trace.finalStates.count == 2 && app.trace.finalStates.values.allSatisfy { [PhotoState.filtered, .failed].contains($0.state) } },
                      "stderr: \(app.stderr.suffix(600))")
        let states = app.trace.finalStates
        XCTAssertEqual(states[0]?.state, .failed)
        XCTAssertTrue(states[0]?.reason?.lowercased().contains("resolv") == true, states[0]?.reason ?? "")
        XCTAssertEqual(states[1]?.state, .filtered, "the local row still loads")
        XCTAssertEqual(app.criticals, [])
    }

    /// Every queued operation reached finished or cancelled.
    func assertNothingLeftInProgress(_ app: AppProcess, file: StaticString = #filePath, line: UInt = #line) {
        var open = Set<String>()
        for event in app.trace.events {
            guard let queue = event.queue, let row = event.row else { continue }
            if event.name == .queued { open.insert("\(queue)/\(row)") }
            if event.name == .finished || event.name == .cancelled { open.remove("\(queue)/\(row)") }
        }
        XCTAssertEqual(open, [], "operations left in progress", file: file, line: line)
    }

    /// A trace that cannot be written (`--trace /dev/full`: every write fails) stops the trace,
    /// says so once, and the app goes on: its rows load and show (read over AT-SPI, as there is
    /// no trace to read).
    func testATraceThatCannotBeWrittenStopsTheTraceNotTheApp() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: ["--trace", "/dev/full", SamplePhotos.sampleManifest.path])
        defer { app.stop() }
        XCTAssertTrue(AccessibleNames.wait(app, forNameContaining: "Chelsea the Cat", timeout: 60), "the gallery shows: \(app.stderr.suffix(400))")
        XCTAssertTrue(poll(timeout: 15) { app.stderr.contains("the trace could not be written (/dev/full: No space left on device); tracing stopped") },
                      String(app.stderr.suffix(400)))
        sleep(1)
        XCTAssertTrue(app.process.isRunning, "the app lives")
        XCTAssertEqual(app.stderr.components(separatedBy: "tracing stopped").count, 2, "said once")
        XCTAssertFalse(app.stderr.contains("CRITICAL"), app.stderr)
    }
}
