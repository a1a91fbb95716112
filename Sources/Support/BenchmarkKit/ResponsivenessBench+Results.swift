// Why this exists: the responsiveness benchmark's figures: each mode's frame intervals and stalls, and the ratios of ours to the others', paired run by run.
import Foundation

extension AppBench {
    func responsivenessResults(_ runs: [String: [ScrollRun]]) -> [Result] {
        func values(_ mode: String, _ figure: (ScrollRun) -> Double?) -> [Double] { (runs[mode] ?? []).compactMap(figure) }
        /// `mine` against `other`, run by run (each pair ran in the same repetition).
        func paired(_ mine: String, _ other: String, _ figure: (ScrollRun) -> Double?, _ combine: (Double, Double) -> Double) -> [Double] {
            zip(runs[mine] ?? [], runs[other] ?? []).compactMap { a, b in
                guard let x = figure(a), let y = figure(b) else { return nil }
                return combine(x, y)
            }
        }
        var results: [Result] = []
        for mode in scrollModes {
            // Targets are judged on this build launched as users launch it; the baseline build
            // and the forced renderers are only measured.
            let normal = !mode.isNaive && !mode.baseline && mode.renderer.isEmpty
            let name = mode.name
            if !mode.isNaive {
                results.append(Result(name: "frame interval p99 at rest (the frame clock's own timing), \(name)", unit: "ms", values: values(name, \.rest)))
            }
            results.append(Result(name: "frame interval p50, \(name)", unit: "ms", values: values(name, \.p50)))
            results.append(Result(name: "frame interval p99, \(name)", unit: "ms", values: values(name, \.p99)))
            if !mode.isNaive {
                // Paired run by run: each scroll against the rest measured in the same launch.
                results.append(Result(name: "frame interval p99 scrolling − at rest, \(name)", unit: "ms",
                                      values: values(name) { run in run.rest.map { run.p99 - $0 } }, target: "≤ 1", met: { $0 <= 1 }))
            }
            results.append(Result(name: "frame interval max, \(name)", unit: "ms", values: values(name, \.worst)))
            results.append(Result(name: "frames over 25 ms (a missed refresh at 60 Hz), \(name)", unit: "frames", values: values(name, \.late),
                                  target: normal ? "0" : nil, met: normal ? { $0 == 0 } : nil))
            // The grid is held to the list's own figure (1.6 ms on an EPYC, 3.2 on a Xeon): ≤ 4 ms.
            let workTarget = name == Self.gridModeName ? 4.0 : 8.0
            results.append(Result(name: "frame work (start → after-paint) p99, \(name)", unit: "ms", values: values(name, \.workP99),
                                  target: normal ? "≤ \(Int(workTarget))" : nil, met: normal ? { $0 <= workTarget } : nil))
            results.append(Result(name: "main thread CPU while scrolling, share of a core, \(name)", unit: "%", values: values(name, \.mainCPU)))
            results.append(Result(name: "main thread waiting for a CPU while scrolling, \(name)", unit: "ms/s", values: values(name, \.mainWaiting)))
            results.append(Result(name: "X server CPU while scrolling, share of a core, \(name)", unit: "%", values: values(name, \.serverCPU)))
            results.append(Result(name: "X server waiting for a CPU while scrolling, \(name)", unit: "ms/s", values: values(name, \.serverWaiting)))
            // Frames over 8 ms of work: how much of that time the main thread was on a CPU
            // (the median over the run's slow frames; low means it waited for a CPU).
            results.append(Result(name: "frames over 8 ms of work: share of it on a CPU, \(name)", unit: "%", values: values(name, \.onCPU)))
            results.append(Result(name: "longest main-loop stall, \(name)", unit: "ms", values: values(name, \.stall),
                                  target: normal ? "≤ 16" : nil, met: normal ? { $0 <= 16 } : nil, everyRepetition: true))
            // The same with the time the main thread was runnable but had no CPU taken out of
            // each stall: what is left is the app's; the difference was the machine.
            results.append(Result(name: "longest main-loop stall, without waits for a CPU, \(name)", unit: "ms", values: values(name, \.stallOwn)))
            // Where a frame's work goes, by frame-clock phase (bind is part of layout).
            for phase in FrameFigures.phaseNames where !mode.isNaive {
                results.append(Result(name: "  frame work, \(phase): mean, \(name)", unit: "ms", values: values(name) { $0.phaseMean[phase] }))
                results.append(Result(name: "  frame work, \(phase): p99, \(name)", unit: "ms", values: values(name) { $0.phaseP99[phase] }))
            }
        }
        // The grid against the list at the same thumbnail size, run by run.
        results.append(Result(name: "frame work p99, grid − list, 256-pixel thumbnails", unit: "ms",
                              values: paired(Self.gridModeName, Self.largeModeName, \.workP99, -)))
        // The inspector open against closed, run by run (the same launch order, side by side).
        let open = "normal, inspector open"
        results.append(Result(name: "frame interval p99, inspector open − closed", unit: "ms",
                              values: paired(open, "normal", \.p99, -), target: "≤ 1", met: { $0 <= 1 }))
        results.append(Result(name: "frame work p99, inspector open − closed", unit: "ms",
                              values: paired(open, "normal", \.workP99, -), target: "≤ 1", met: { $0 <= 1 }))
        // The renderer choice must not make the inspector slower than GTK's default would.
        results.append(Result(name: "frame work p99 with the inspector open, default launch ÷ forced GL", unit: "×",
                              values: paired(open, "normal, inspector open, forced GL", \.workP99, /), target: "≤ 1", met: { $0 <= 1 }))
        results.append(Result(name: "longest stall, naive ÷ normal", unit: "×", values: paired("naive", "normal", \.stall) { $0 / Swift.max($1, 1) },
                              target: "≥ 20", met: { $0 >= 20 }))
        results.append(Result(name: "frame p99, naive ÷ normal", unit: "×", values: paired("naive", "normal", \.p99, /)))
        if baselineBinary != nil {
            // This build against the baseline build, launch by launch (each pair ran one after the other).
            let base = Self.baselineMode.name
            results.append(Result(name: "frame work p99, this build ÷ baseline build", unit: "×", values: paired("normal", base, \.workP99, /)))
            results.append(Result(name: "frame work p99, this build − baseline build", unit: "ms", values: paired("normal", base, \.workP99, -)))
            results.append(Result(name: "main thread CPU while scrolling, this build ÷ baseline build", unit: "×",
                                  values: paired("normal", base, \.mainCPU, /)))
            results.append(Result(name: "frames over 25 ms, this build − baseline build", unit: "frames", values: paired("normal", base, \.late, -)))
            for phase in FrameFigures.phaseNames where phase != "wait" {
                results.append(Result(name: "frame work, \(phase): p99, this build − baseline build", unit: "ms",
                                      values: paired("normal", base, { $0.phaseP99[phase] }, -)))
            }
            // The largest thumbnails, where the workers decode most while the list scrolls.
            let large = Self.largeModeName, largeBase = Self.baselineLargeMode.name
            results.append(Result(name: "frames over 25 ms, 256-pixel thumbnails, this build − baseline build", unit: "frames",
                                  values: paired(large, largeBase, \.late, -)))
            results.append(Result(name: "longest stall, 256-pixel thumbnails, this build − baseline build", unit: "ms",
                                  values: paired(large, largeBase, \.stall, -)))
            results.append(Result(name: "main thread waiting for a CPU, 256-pixel thumbnails, this build − baseline build", unit: "ms/s",
                                  values: paired(large, largeBase, \.mainWaiting, -)))
            results.append(Result(name: "X server waiting for a CPU, 256-pixel thumbnails, this build − baseline build", unit: "ms/s",
                                  values: paired(large, largeBase, \.serverWaiting, -)))
            // The grid at its largest, each build's own.
            results.append(Result(name: "frame work p99, grid of 256-pixel cells, this build ÷ baseline build", unit: "×",
                                  values: paired(Self.gridModeName, Self.baselineGridMode.name, \.workP99, /)))
        }
        return results
    }
}
