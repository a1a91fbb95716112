// Why this exists: the inspector's cost at its source: 10,000 operations a second (queued, started, finished, state, image: five events each) into the trace observer, as a share of one core.
import Foundation
import PhotoPipeline
import PhotoTrace

public enum ObserverBench {
    public static func run(repetitions: Int) -> [Result] {
        var shares: [Double] = [], perEvent: [Double] = []
        let operations = 10_000
        for _ in 0..<repetitions {
            let observer = TraceObserver()
            // A reader on the "frame clock": one take every 1/60 of the operations.
            var taken = -1
            let start = ProcessInfo.processInfo.systemUptime
            let cpuStart = threadCPUTime()
            for operation in 0..<operations {
                let row = operation % 2_000, t = Double(operation) / Double(operations)
                observer.record(.queued(queue: .download, row: row), t: t)
                observer.record(.started(queue: .download, row: row), t: t)
                observer.record(.finished(queue: .download, row: row), t: t)
                observer.record(.image(row: row, from: .network, pixels: 64), t: t)
                observer.record(.state(row: row, state: .downloaded, reason: nil), t: t)
                if operation % (operations / 60) == 0 { taken = observer.take(after: taken).events.last?.sequence ?? taken }
            }
            let cpu = threadCPUTime() - cpuStart
            _ = ProcessInfo.processInfo.systemUptime - start
            shares.append(cpu * 100)
            perEvent.append(cpu / Double(operations * 5) * 1e9)
        }
        return [
            Result(name: "trace observer: 10,000 operations (50,000 events) a second, share of one core", unit: "%", values: shares,
                   target: "≤ 5", met: { $0 <= 5 }),
            Result(name: "trace observer: cost of one event (fold and ring)", unit: "ns", values: perEvent),
        ]
    }

    /// CPU seconds this thread has used.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
