// Why this exists: the soak test: scroll up and down a 5,000-row gallery with 10 % of requests faulted for 3 minutes (SOAK_SECONDS for longer): memory stays flat, nothing is left in progress, no CRITICAL.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class SoakAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testScrollingForMinutesWithFaultsLeaksNothing() throws {
        let seconds = Double(ProcessInfo.processInfo.environment["SOAK_SECONDS"] ?? "") ?? 180
        let manifest = Self.server.baseURL.absoluteString + "/gallery.json?count=5000&delay=20&faultrate=10"
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [manifest])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } })
        let pid = app.process.processIdentifier
        try xvfb.run("xdotool", ["mousemove", "360", "300"])

        let start = Date()
        var atOneMinute: Double?
        var samples: [(Double, Double)] = []
        var bursts = 0, down = true
        while Date().timeIntervalSince(start) < seconds {
            try xvfb.run("xdotool", ["click", "--repeat", "6", "--delay", "15", down ? "5" : "4"])
            usleep(UInt32.random(in: 150_000...600_000)) // input pacing, not a wait: some rests settle, some do not
            bursts += 1
            if bursts % 25 == 0 { down.toggle() }
            let elapsed = Date().timeIntervalSince(start)
            if bursts % 10 == 0 { samples.append((elapsed, ProcReaders.currentRSS(pid: pid))) }
            if atOneMinute == nil, elapsed >= min(60, seconds / 3) { atOneMinute = ProcReaders.currentRSS(pid: pid) }
            XCTAssertTrue(app.process.isRunning, "the app is alive after \(Int(elapsed)) s")
            if !app.process.isRunning { return }
        }
        // Once scrolling stops, every map and queue drains (stalled rows on screen wait out their timeout).
        let drained = poll(timeout: 60, interval: 0.5) {
            let asked = app.trace.events.filter { $0.name == .pending }.count
            kill(pid, SIGUSR1)
            guard app.trace.wait(timeout: 5, until: { $0.filter { $0.name == .pending }.count > asked }) else { return false }
            return app.trace.events.last(where: { $0.name == .pending })?.event == .pending(downloads: 0, filtrations: 0, queued: 0)
        }
        XCTAssertTrue(drained, "in-progress maps and queues back to zero: \(app.trace.events.last { $0.name == .pending }.map { "\($0.event)" } ?? "none")")
        let final = ProcReaders.currentRSS(pid: pid)
        let baseline = try XCTUnwrap(atOneMinute)
        print("soak: \(Int(seconds)) s, \(bursts) bursts, RSS \(Int(baseline)) MB at one minute → \(Int(final)) MB at the end; samples \(samples.map { "\(Int($0.0))s:\(Int($0.1))" })")
        XCTAssertLessThanOrEqual(final, baseline * 1.10, "RSS grew more than 10 % after the first minute")
        let failed = app.trace.finalStates.values.filter { $0.state == .failed }
        XCTAssertTrue(failed.allSatisfy { !($0.reason ?? "").isEmpty }, "every failure has a reason")
        XCTAssertEqual(app.criticals, [])
    }
}
