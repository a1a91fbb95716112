// Why this exists: for benchmarks only: what the main thread was running while the main loop was stuck away from its poll, as stacks of module offsets a benchmark symbolizes afterwards (the app's own binary carries no dynamic symbols to name them here).
import GLibRuntime
import CStallSampler
import Foundation

public enum StallSampler {
    public struct Stall: Sendable {
        /// How long the main loop was away from its poll, and how much of it the main thread ran on a CPU (from the first sample).
        public let wallMs: Double
        public let cpuMs: Double
        /// Each sample's frames, innermost first, as "module+0xoffset".
        public let stacks: [[String]]
    }

    private final class Box: Sendable {
        let report: @Sendable (Stall) -> Void
        init(_ report: @escaping @Sendable (Stall) -> Void) { self.report = report }
    }

    /// The report closure handed to C while sampling: released by `stop`, once the sampler's
    /// thread, its only reader, has ended.
    @MainActor private static var box: Unmanaged<Box>?

    /// Start on the main thread (once; `stop` before starting again). Stalls of `thresholdMs` or
    /// more are sampled every `intervalMs` and reported, once each ends, on the sampler's own thread.
    @MainActor @discardableResult
    public static func start(thresholdMs: Int, intervalMs: Int, report: @escaping @Sendable (Stall) -> Void) -> Bool {
        guard box == nil else { return false }
        let retained = Unmanaged.passRetained(Box(report))
        box = retained
        let started = cp_stall_sampler_start(Int32(thresholdMs), Int32(intervalMs), reportBack, retained.toOpaque()) == 0
        if !started {
            retained.release()
            box = nil
        }
        return started
    }

    /// What the sampler's own thread calls after each stall: outside the main actor, which a
    /// closure written inside `start` would belong to (and trap on that thread).
    private static let reportBack: CpStallReport = { wall, cpu, addresses, count, depth, data in
        guard let addresses, let data else { return }
        let target = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
        let stacks = (0..<Int(count)).map { sample in
            Array((0..<Int(depth)).map { UInt(addresses[sample * Int(depth) + $0]) }.prefix { $0 != 0 }).map(StallSampler.describe)
        }
        target.report(Stall(wallMs: wall, cpuMs: cpu, stacks: stacks))
    }

    /// Stop sampling (tests; the app samples until it quits): the sampler's thread ends, then its
    /// report closure is released.
    @MainActor public static func stop() {
        guard let retained = box else { return }
        cp_stall_sampler_stop()
        retained.release()
        box = nil
    }

    /// "module+0xoffset" (the module's file name), or the bare address.
    static func describe(_ address: UInt) -> String {
        var module: UnsafePointer<CChar>?
        var offset: UInt = 0
        guard cp_stall_sampler_locate(address, &module, &offset) != 0, let module else { return "0x" + String(address, radix: 16) }
        return String(cString: module) + "+0x" + String(offset, radix: 16)
    }
}
