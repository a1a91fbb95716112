// Why this exists: the benchmark's stall sampler catches a main loop stuck away from its poll, and its samples walk from the signal back through the code that stuck it into GLib's dispatch; a short busy spell is not a stall.
import Foundation
import GLibRuntime
import XCTest
import GLibDiagnostics

final class StallSamplerTests: XCTestCase {
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var stalls: [StallSampler.Stall] = []
        func append(_ stall: StallSampler.Stall) { lock.withLock { stalls.append(stall) } }
        var all: [StallSampler.Stall] { lock.withLock { stalls } }
    }

    /// The main thread busy for `ms`, in a function of this test binary.
    @inline(never)
    static func spin(ms: Double) {
        let end = MainLoop.monotonicMicroseconds + Int64(ms * 1000)
        while MainLoop.monotonicMicroseconds < end {}
    }

    func testAStallIsSampledInTheCodeThatMadeItAndAShortBusySpellIsNot() {
        MainActor.assumeIsolated {
            let reports = Reports()
            XCTAssertTrue(StallSampler.start(thresholdMs: 60, intervalMs: 8) { reports.append($0) })
            defer { StallSampler.stop() }

            // Run from the main loop (a timer), as a stall is. A 20 ms spell is no stall; a busy
            // machine can hold the main thread off its CPU long enough to make it one, and then
            // it is reported at its whole length: what is reported is never below the threshold.
            _ = MainLoop.after(milliseconds: 10) { Self.spin(ms: 20) }
            _ = MainLoop.iterate(until: { false }, timeout: 0.3)
            let short = reports.all
            XCTAssertTrue(short.allSatisfy { $0.wallMs >= 60 }, "nothing below the threshold is reported: \(short.map(\.wallMs))")

            _ = MainLoop.after(milliseconds: 10) { Self.spin(ms: 150) }
            // (Found by its length: a busy machine can make another stall before it.)
            func long() -> StallSampler.Stall? { reports.all.dropFirst(short.count).first { $0.wallMs >= 140 } }
            XCTAssertTrue(MainLoop.iterate(until: { long() != nil }, timeout: 5), "a 150 ms stall is reported at its length: \(reports.all.map(\.wallMs))")
            guard let stall = long() else { return }
            XCTAssertGreaterThanOrEqual(stall.stacks.count, 2, "sampled more than once while it lasted")
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
            for stack in stall.stacks {
                XCTAssertTrue(stack.contains { $0.contains("/\(binary)+0x") }, "the test's own code is on the stack: \(stack)")
                XCTAssertTrue(stack.contains { $0.contains("libglib-2.0.so") }, "and GLib's dispatch under it: \(stack)")
            }
        }
    }
}
