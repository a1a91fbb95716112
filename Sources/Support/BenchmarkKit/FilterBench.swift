// Why this exists: the filter bar on a 100,000-photo folder: a filter typed, from the filter asked to the updated screen, against a sort by name of the same folder (the action to its order), side by side in one launch; and the longest main-loop stall while the filter applies and while it is cleared (up to a second after, while rows held back join), against another build's with `--baseline-app`.
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport

extension AppBench {
    /// One build's figures (this one's, or the baseline's given with `--baseline-app`).
    struct FilterFigures {
        var sortMs: [Double] = [], filterMs: [Double] = [], clearMs: [Double] = [], ratios: [Double] = []
        var queueParts: [Double] = [], clearStalls: [Double] = []
        var typedMs: [Double] = [], stalls: [Double] = [], ownStalls: [Double] = [], readSeconds: [Double] = []
    }

    public func filtering() throws -> [Result] {
        let folder = try bigFolder(100_000)
        let cache = TemporaryFiles.url("bench-filter-cache-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: cache) }
        // With `--baseline-app`, each repetition runs that build too, right after this one.
        let builds: [String?] = [nil] + (baselineBinary.map { [$0] } ?? [])
        var figures = Array(repeating: FilterFigures(), count: builds.count)
        for repetition in 0..<repetitions {
            for (index, executable) in builds.enumerated() {
                try measureFilter(folder: folder, cache: cache, repetition: repetition, executable: executable, into: &figures[index])
            }
        }
        let f = figures[0]
        var results = [
            Result(name: "100,000-photo folder: every photo's facts read at the first visit (files, in the helpers)", unit: "s", values: f.readSeconds),
            Result(name: "sort by name, 100,000 photos (the action to its order, and its frame)", unit: "ms", values: f.sortMs),
            Result(name: "filter “photo 1234”, 100,000 photos (asked → the updated screen)", unit: "ms", values: f.filterMs, target: "≤ 50", met: { $0 <= 50 }),
            Result(name: "… of it on the watcher's queue (every photo's name matched, the change made)", unit: "ms", values: f.queueParts),
            Result(name: "… ÷ the sort by name, side by side", unit: "×", values: f.ratios),
            Result(name: "filter cleared, 100,000 photos back (asked → the updated screen)", unit: "ms", values: f.clearMs),
            Result(name: "the filter action → the filter's rows (with D-Bus and GTK's 150 ms search delay)", unit: "ms", values: f.typedMs),
            Result(name: "longest main-loop stall while the filter applies", unit: "ms", values: f.stalls),
            Result(name: "… the app's own part (time waiting for a CPU taken out)", unit: "ms", values: f.ownStalls, target: "≤ 16", met: { $0 <= 16 }),
            Result(name: "the app's own longest stall while the filter is cleared (100,000 rows back)", unit: "ms", values: f.clearStalls,
                   target: "≤ 16", met: { $0 <= 16 }),
        ]
        if figures.count > 1 {
            let b = figures[1]
            results += [
                Result(name: "baseline: filter “photo 1234” (asked → the updated screen)", unit: "ms", values: b.filterMs),
                Result(name: "baseline: filter cleared (asked → the updated screen)", unit: "ms", values: b.clearMs),
                Result(name: "baseline: the app's own longest stall while the filter applies", unit: "ms", values: b.ownStalls),
                Result(name: "baseline: the app's own longest stall while the filter is cleared", unit: "ms", values: b.clearStalls),
                Result(name: "the stall while the filter is cleared, this build ÷ the baseline, repetition by repetition", unit: "×",
                       values: zip(f.clearStalls, b.clearStalls).map { $0 / max($1, 0.001) }),
            ]
        }
        return results
    }

    /// One launch of one build (`executable`, nil: this one): a sort by name and back, a filter and its clearing.
    private func measureFilter(folder: URL, cache: URL, repetition: Int, executable: String?, into figures: inout FilterFigures) throws {
        let app = try launch(probe: true, manifest: folder.path, environment: ["XDG_CACHE_HOME": cache.path], executable: executable)
        defer { app.stop() }
        // Every photo's facts read (the first launch from the files, the others from the index).
        guard app.trace.wait(timeout: 900, until: { $0.contains { $0.name == .datesRead } }) else { throw BenchError("facts not read: \(app.recentEvents())") }
        if case .datesRead(_, _, let ms)? = app.trace.events.first(where: { $0.name == .datesRead })?.event, repetition == 0 { figures.readSeconds.append(ms / 1000) }
        usleep(1_500_000)
        /// The trace's time of the first frame after `t` (the updated screen), less `t`, in ms.
        func frameAfter(_ t: Double) -> Double? {
            poll(timeout: 5, interval: 0.005) { app.trace.events.contains { $0.name == .frame && $0.t > t } }
            return app.trace.events.first { $0.name == .frame && $0.t > t }.map { ($0.t - t) * 1000 }
        }
        // A sort by name (descending, then back): every row moved, the action to its order, and its frame.
        for (direction, order) in [("descending", "name-desc"), ("ascending", "name")] {
            let marker = app.trace.events.count
            let started = Date()
            try app.setActionState("sort-direction", direction)
            guard poll(timeout: 60, interval: 0.001, {
                app.trace.events.dropFirst(marker).contains { if case .sorted(order, _, _, _) = $0.event { true } else { false } }
            }) else { throw BenchError("not sorted by \(order): \(app.recentEvents())") }
            let seen = Date().timeIntervalSince(started) * 1000
            let t = app.trace.events.dropFirst(marker).last { if case .sorted = $0.event { true } else { false } }?.t ?? 0
            figures.sortMs.append(seen + (frameAfter(t) ?? 0))
            usleep(1_000_000)
        }
        // The text set by the `filter` action (a script's way: no keyboard focus needed).
        // A filter asked ("photo 1234" in quotes: those words together, 11 photos; GTK's search entry
        // waits 150 ms after a change before it asks), then cleared.
        // (`bench/run.sh --perf DIR`: perf records the app while the filters apply.)
        let perf = try perfDirectory.map { folder in
            try PerfRecording(pid: app.process.processIdentifier, path: folder + "/filter-\(repetition + 1).data")
        }
        defer { perf?.stop() }
        for (text, expected) in [("\"photo 1234\"", 11), ("", 100_000)] {
            let marker = app.trace.events.count
            let started = Date(), from = ProcessInfo.processInfo.systemUptime
            try app.activateAction("filter", string: text)
            guard poll(timeout: 60, interval: 0.001, {
                app.trace.events.dropFirst(marker).contains { if case .filtered(expected, _, _, _, _) = $0.event { true } else { false } }
            }) else { throw BenchError("“\(text)” did not filter to \(expected): \(app.recentEvents())") }
            let typed = Date().timeIntervalSince(started) * 1000
            guard let record = app.trace.events.dropFirst(marker).last(where: { if case .filtered(expected, _, _, _, _) = $0.event { true } else { false } }),
                  case .filtered(_, _, _, let ms, let queueMs) = record.event else { continue }
            let screen = ms + (frameAfter(record.t) ?? 0)
            // Stalls counted up to a second on: rows held back join after the updated screen.
            usleep(1_000_000)
            let to = ProcessInfo.processInfo.systemUptime
            let stall = FrameFigures.longestStall(app.trace.events, from: from, to: to)
            // What the main thread ran in each stall over a frame (the preloaded sampler's), named.
            for stall in (stallLogs[ObjectIdentifier(app)]?.stalls ?? []) where (from...to).contains(stall.at) && stall.ms >= 16 {
                print("  stall, filter “\(text)”: \(String(format: "%.1f", stall.ms)) ms: \(StackNames.describe(stall.stacks))")
            }
            if text.isEmpty { figures.clearMs.append(screen) } else { figures.filterMs.append(screen); figures.typedMs.append(typed); figures.queueParts.append(queueMs) }
            if text.isEmpty { figures.clearStalls.append(stall.own) } else { figures.stalls.append(stall.observed); figures.ownStalls.append(stall.own) }
        }
        if let filter = figures.filterMs.last, figures.sortMs.count >= 2 { figures.ratios.append(filter / figures.sortMs.suffix(2).reduce(0, +) * 2) }
    }
}
