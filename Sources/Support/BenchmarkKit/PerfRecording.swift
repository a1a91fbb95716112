// Why this exists: `perf record` of the app while a benchmark drives it (`bench/run.sh --perf DIR`), started and stopped around the input.
import Foundation
import TestAndBenchSupport

struct PerfRecording {
    private let process: ChildProcess

    /// Sample `pid` on the CPU clock at 1 kHz with DWARF call graphs into `path`.
    init(pid: Int32, path: String) throws {
        process = try ChildProcess("perf", ["record", "-q", "-e", "cpu-clock", "-F", "1000", "--call-graph", "dwarf,32768",
                                            "-p", "\(pid)", "-o", path])
        // perf takes a moment to attach to each of the app's threads: what came before that was
        // missed (a filter's first 50 ms were, 2026-12-01).
        usleep(1_500_000)
    }

    /// Stop and let perf write its file (a profile is a by-product: a slow write is not waited for past a minute).
    func stop() {
        process.signal(SIGINT)
        _ = process.wait(timeout: 60)
    }
}
