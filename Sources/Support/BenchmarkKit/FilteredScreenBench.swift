// Why this exists: benchmark 4, how long the first screen takes to be sepia, at the default queue widths against the tutorial's one and one.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace

extension AppBench {
    public func timeToFilteredScreen() throws -> [Result] {
        var times: [String: [Double]] = [:]
        for _ in 0..<repetitions {
            for (label, arguments) in [("default (6 downloads, filters = cores)", [String]()), ("tutorial (1 and 1)", ["--concurrency", "1"])] {
                let app = try launch(arguments)
                defer { app.stop() }
                guard let manifest = events(app, .manifest).first,
                      app.trace.wait(timeout: 60, until: { $0.contains { $0.name == .visible } }),
                      let rows = events(app, .visible).first?.event.range else { continue }
                guard app.trace.wait(timeout: 120, until: { _ in
                    let states = app.trace.finalStates
                    return rows.allSatisfy { [PhotoState.filtered, .failed].contains(states[$0]?.state) }
                }) else { continue }
                let done = rows.compactMap { app.trace.finalStates[$0]?.t }.max() ?? manifest.t
                times[label, default: []].append((done - manifest.t) * 1000)
            }
        }
        let defaults = times["default (6 downloads, filters = cores)"] ?? [], tutorial = times["tutorial (1 and 1)"] ?? []
        return [
            Result(name: "time to a filtered screen, default concurrency", unit: "ms", values: defaults),
            Result(name: "time to a filtered screen, 1 and 1 (tutorial)", unit: "ms", values: tutorial),
            Result(name: "filtered screen speed-up, default ÷ 1 and 1", unit: "×", values: zip(tutorial, defaults).map { $0 / $1 }),
        ]
    }
}
