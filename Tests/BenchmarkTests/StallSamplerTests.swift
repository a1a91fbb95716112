// Why this exists: the benchmarks' stall sampler, loaded as the app loads it (a library that starts itself from its environment), catches a main loop stuck away from its poll, and its samples walk from the signal back through the code that stuck it into GLib's dispatch; a short busy spell is not a stall; nothing the process starts inherits it.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import BenchmarkKit

final class StallSamplerTests: XCTestCase {
    /// The main thread busy for `ms`, in a function of this test binary.
    @inline(never)
    static func spin(ms: Double) {
        let end = MainLoop.monotonicMicroseconds + Int64(ms * 1000)
        while MainLoop.monotonicMicroseconds < end {}
    }

    func testAStallIsSampledInTheCodeThatMadeItAndAShortBusySpellIsNot() throws {
        // Built beside the test bundle (`swift build` builds every product).
        let log = try XCTUnwrap(StallLog.make(beside: CommandLine.arguments[0]), "libClassicPhotosStallSampler.so is built beside the tests")
        // Loaded on the main thread, with its variables set, as LD_PRELOAD loads it before main.
        for (key, value) in log.environment where key != "LD_PRELOAD" { setenv(key, value, 1) }
        let library = try XCTUnwrap(dlopen(log.environment["LD_PRELOAD"], RTLD_NOW), String(cString: dlerror()))
        let stop = unsafeBitCast(try XCTUnwrap(dlsym(library, "cp_stall_sampler_stop")), to: (@convention(c) () -> Void).self)
        defer { stop() }  // on the main thread, as the sampler asks
        XCTAssertNil(getenv("CLASSIC_PHOTOS_STALL_LOG"), "taken out of the environment, so what the app starts does not sample itself")

        MainActor.assumeIsolated {
            // Run from the main loop (a timer), as a stall is. A 5 ms spell is no stall; a busy
            // machine can hold the main thread off its CPU long enough to make it one, and then
            // it is reported at its whole length: what is reported is never below 16 ms.
            _ = MainLoop.after(milliseconds: 10) { Self.spin(ms: 5) }
            _ = MainLoop.iterate(until: { false }, timeout: 0.3)
            let short = log.stalls
            XCTAssertTrue(short.allSatisfy { $0.ms >= 16 }, "nothing below the threshold is reported: \(short.map(\.ms))")

            _ = MainLoop.after(milliseconds: 10) { Self.spin(ms: 150) }
            // (Found by its length: a busy machine can make another stall before it.)
            func long() -> StallLog.Stall? { log.stalls.dropFirst(short.count).first { $0.ms >= 140 } }
            XCTAssertTrue(MainLoop.iterate(until: { long() != nil }, timeout: 5), "a 150 ms stall is reported at its length: \(log.stalls.map(\.ms))")
            guard let stall = long() else { return }
            let stacks = stall.stacks.split(separator: ";").map { $0.split(separator: " ").map(String.init) }
            XCTAssertGreaterThanOrEqual(stacks.count, 2, "sampled more than once while it lasted")
            let binary = URL(fileURLWithPath: CommandLine.arguments[0]).lastPathComponent
            for stack in stacks {
                XCTAssertTrue(stack.contains { $0.contains("/\(binary)+0x") }, "the test's own code is on the stack: \(stack)")
                XCTAssertTrue(stack.contains { $0.contains("libglib-2.0.so") }, "and GLib's dispatch under it: \(stack)")
            }
            XCTAssertEqual(stall.at, Double(MainLoop.monotonicMicroseconds) / 1e6, accuracy: 10, "stamped on the monotonic clock")
        }
    }

    /// A line cut short or not in the format is left out.
    func testTheLogIsReadLineByLine() {
        let text = "12.5 40.250 38.000 /usr/bin/classic-photos+0x1f2e3 /lib/libgtk-4.so.1+0x40;/usr/bin/classic-photos+0x1f2e3\nnot a line\n13.0 20.000 1.000 \n13.5 17"
        XCTAssertEqual(StallLog.parse(text), [
            .init(at: 12.5, ms: 40.25, cpu: 38, stacks: "/usr/bin/classic-photos+0x1f2e3 /lib/libgtk-4.so.1+0x40;/usr/bin/classic-photos+0x1f2e3"),
            .init(at: 13, ms: 20, cpu: 1, stacks: ""),
        ])
    }
}
