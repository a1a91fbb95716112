// Why this exists: benchmark 5, work done for rows the user never rested on, after a fling to row 1,500 (and the fling the memory benchmark uses too).
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace

extension AppBench {
    /// Fling down in bursts until the list rests at or past `row`; returns the rests' visible rows.
    func fling(_ app: AppProcess, to row: Int, clicks: Int = 6, pause: useconds_t = 0) throws {
        try xvfb.run("xdotool", ["mousemove", "360", "300"])
        for _ in 0..<200 {
            let rests = events(app, .scrollEnd).count
            try xvfb.run("xdotool", ["click", "--repeat", "\(clicks)", "--delay", "15", "5"])
            _ = app.trace.wait(timeout: 10) { $0.filter { $0.name == .scrollEnd }.count > rests }
            if pause > 0 { usleep(pause) }
            if let last = events(app, .scrollEnd).last?.event.range, last.lowerBound >= row { return }
        }
    }

    public func wastedWork() throws -> [Result] {
        var downloads: [Double] = [], filters: [Double] = [], prefetched: [Double] = []
        for _ in 0..<repetitions {
            let app = try launch()
            defer { app.stop() }
            try fling(app, to: 1500)
            usleep(2_000_000)
            let all = app.trace.events
            var atRest = Set<Int>(), prefetch = Set<Int>()
            for event in all {
                if event.name == .visible, let range = event.event.range { atRest.formUnion(range) }
                if case .prefetch(let rows) = event.event { prefetch.formUnion(rows) }
            }
            let finished = all.filter { $0.name == .finished }
            func wasted(_ queue: Stage) -> Int {
                finished.filter { $0.queue == queue && !atRest.contains($0.row ?? -1) && !prefetch.contains($0.row ?? -1) }.count
            }
            downloads.append(Double(wasted(.download)))
            filters.append(Double(wasted(.filtration)))
            prefetched.append(Double(finished.filter { $0.queue == .download && prefetch.contains($0.row ?? -1) && !atRest.contains($0.row ?? -1) }.count))
        }
        return [
            Result(name: "wasted downloads after a fling to row 1,500", unit: "downloads", values: downloads,
                   target: "≤ 6 (queue width)", met: { $0 <= 6 }),
            Result(name: "wasted filters after a fling to row 1,500", unit: "filters", values: filters),
            Result(name: "prefetched downloads (deliberate, a screen each way)", unit: "downloads", values: prefetched),
        ]
    }
}
