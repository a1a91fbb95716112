// Why this exists: for benchmarks only: what the main thread was running while the main loop was stuck away from its poll, as stacks of module offsets a benchmark symbolizes afterwards (the app's own binary carries no dynamic symbols to name them here).
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

    private final class Box: @unchecked Sendable {
        let report: @Sendable (Stall) -> Void
        init(_ report: @escaping @Sendable (Stall) -> Void) { self.report = report }
    }

    /// Start on the main thread, before the main loop runs. Stalls of `thresholdMs` or more are
    /// sampled every `intervalMs` and reported, once each ends, on the sampler's own thread.
    @discardableResult
    public static func start(thresholdMs: Int, intervalMs: Int, report: @escaping @Sendable (Stall) -> Void) -> Bool {
        // Lives as long as the process (a stop may still report once).
        let box = Unmanaged.passRetained(Box(report)).toOpaque()
        return cp_stall_sampler_start(Int32(thresholdMs), Int32(intervalMs), { wall, cpu, addresses, count, depth, data in
            guard let addresses, let data else { return }
            let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
            let stacks = (0..<Int(count)).map { sample in
                Array((0..<Int(depth)).map { UInt(addresses[sample * Int(depth) + $0]) }.prefix { $0 != 0 }).map(StallSampler.describe)
            }
            box.report(Stall(wallMs: wall, cpuMs: cpu, stacks: stacks))
        }, box) == 0
    }

    /// Stop sampling (tests; the app samples until it quits). Call on the main thread.
    public static func stop() { cp_stall_sampler_stop() }

    /// "module+0xoffset" (the module's file name), or the bare address.
    static func describe(_ address: UInt) -> String {
        var module: UnsafePointer<CChar>?
        var offset: UInt = 0
        guard cp_stall_sampler_locate(address, &module, &offset) != 0, let module else { return "0x" + String(address, radix: 16) }
        return String(cString: module) + "+0x" + String(offset, radix: 16)
    }
}
