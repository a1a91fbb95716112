// Why this exists: the app-level benchmarks: the real (release) app under Xvfb on a 2,000-row gallery of 2–12 MP photos served from 127.0.0.1 with 100 ms latency.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

public final class AppBench {
    let xvfb: Xvfb
    let server: TestServer
    /// The sample photos, small (the paging benchmark).
    let sampleServer: TestServer
    let binary: String
    let repetitions: Int
    let scrollSeconds: Double
    /// Launch → first frame with rows, from every launch.
    private(set) var startups: [Double] = []
    /// Where to write `perf record` profiles of the app while it scrolls (`--perf DIR`), if anywhere.
    public var perfDirectory: String?
    /// Another build of the app (`--baseline-app PATH`, say the commit before a change): the
    /// responsiveness benchmark then scrolls it too, right after this build in every
    /// repetition, and reports this build against it run by run (before and after, side by side).
    public var baselineBinary: String?

    public init(photos: LargePhotos, binary: String, repetitions: Int, scrollSeconds: Double) throws {
        xvfb = try Xvfb()
        server = try TestServer(route: photos.route())
        sampleServer = try TestServer(route: SamplePhotos.route)
        self.binary = binary
        self.repetitions = repetitions
        self.scrollSeconds = scrollSeconds
    }

    var galleryURL: String { server.baseURL.absoluteString + "/gallery.json?count=2000&delay=100" }

    /// Launch the app on the gallery and wait for its first screen to be chosen.
    func launch(_ arguments: [String] = [], probe: Bool = false, manifest: String? = nil,
                environment extra: [String: String] = [:], executable: String? = nil) throws -> AppProcess {
        // Naive mode loads every bound row before its first frame: not a start-up figure; nor is another build's.
        let countsForStartup = !arguments.contains("--naive") && executable == nil
        let spawned = Date().timeIntervalSince1970
        var environment = ["CLASSIC_PHOTOS_PROBE": probe ? "1" : "0", "G_DEBUG": ""]
        for (key, value) in extra { environment[key] = value }
        let app = try AppProcess(display: xvfb.display, arguments: arguments + [manifest ?? galleryURL],
                                 environment: environment, executable: executable ?? binary)
        guard app.waitForFirstRows(timeout: 60) else {
            throw BenchError("the app showed no rows: \(app.stderr.suffix(500))")
        }
        if countsForStartup, case .firstRowsFrame(let wall)? = app.trace.events.first(where: { $0.name == .firstRowsFrame })?.event {
            startups.append((wall - spawned) * 1000)
        }
        return app
    }

    func events(_ app: AppProcess, _ name: TraceEvent.Name) -> [TraceRecord] { app.trace.events.filter { $0.name == name } }

    // MARK: 1. main-loop responsiveness under load

    /// A frame this much later than the last one would miss a refresh on a 60 Hz display
    /// (1.5 refresh intervals).
    public static let missedVblankMs = 25.0

    /// The frame intervals (and each frame's work) that overlap `window`, from the probe's
    /// `frame` events. The probe keeps the frame clock ticking, so an interval is a frame the
    /// app had to produce, never an idle gap. A frame still unpainted a quarter of a second
    /// after the last one began, when the trace is read (`now`), counts as an interval of at
    /// least that age: naive mode can block past the end of the input.
    public static func frameIntervals(_ events: [TraceRecord], window: ClosedRange<Double>, now: Double? = nil) -> (intervals: [Double], work: [Double]) {
        var intervals: [Double] = [], work: [Double] = [], lastStart: Double?
        for event in events where event.name == .frame {
            guard case .frame(let ms, let frameWork, let at) = event.event else { continue }
            lastStart = at
            guard at >= window.lowerBound, at - ms / 1000 <= window.upperBound else { continue }
            intervals.append(ms)
            work.append(frameWork)
        }
        if let now, let lastStart, now - lastStart > 0.25 { intervals.append((now - lastStart) * 1000) }
        return (intervals, work)
    }

    /// The probe's `phases` events for the frames that start inside `window`, by phase name
    /// (wait, update, layout, paint, bind), in ms, one value a frame; and under `on-cpu`, for
    /// each frame whose work took over 8 ms, the share of that time its thread was on a CPU.
    public static func framePhases(_ events: [TraceRecord], window: ClosedRange<Double>) -> [String: [Double]] {
        var phases: [String: [Double]] = [:], inside = false, work = 0.0
        for event in events {
            switch event.event {
            case .frame(_, let frameWork, let at): inside = window.contains(at); work = frameWork
            case .phases(let wait, let update, let layout, let paint, let bind, _, let cpu) where inside:
                for (name, value) in [("wait", wait), ("update", update), ("layout", layout), ("paint", paint), ("bind", bind)] {
                    phases[name, default: []].append(value)
                }
                let busy = update + layout + paint
                if work > 8, busy > 0, cpu.isFinite { phases[Self.onCPU, default: []].append(min(1, cpu / busy) * 100) }
                inside = false
            default: break
            }
        }
        return phases
    }
    static let phaseNames = ["wait", "update", "layout", "paint", "bind"]
    static let onCPU = "on-cpu"

    public func responsiveness() throws -> [Result] {
        var p50: [String: [Double]] = [:], late: [String: [Double]] = [:], workP99: [String: [Double]] = [:], p99: [String: [Double]] = [:]
        var worst: [String: [Double]] = [:], stalls: [String: [Double]] = [:], restP99: [String: [Double]] = [:]
        var phaseP99: [String: [Double]] = [:], phaseMean: [String: [Double]] = [:]
        // The main thread's own CPU time while the input lasted, as a share of one core: what the
        // frames cost the app, which a busy host stretches far less than it stretches a p99.
        var mainCPU: [String: [Double]] = [:], onCPUShare: [String: [Double]] = [:]
        for repetition in 0..<repetitions {
            for mode in scrollModes {
                let app = try launch(mode.arguments, probe: true, environment: ["GSK_RENDERER": mode.renderer],
                                     executable: mode.baseline ? baselineBinary : nil)
                defer { app.stop() }
                if mode.inspector {
                    // The operations inspector open beside the list (Ctrl+Shift+O), updating as the queues work.
                    try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
                    try xvfb.run("xdotool", ["key", "ctrl+shift+o"])
                    _ = app.trace.wait(timeout: 10) { $0.contains { $0.event == .inspector(open: true) } }
                }
                if mode.arguments.isEmpty {
                    // The floor: 2 s with no input once the first screen and its prefetch are
                    // done. What is left is the frame clock's own timing: GDK paces frames
                    // under Xvfb (no compositor, no vblank) with a millisecond timer.
                    _ = app.trace.wait(timeout: 10) { $0.contains { $0.name == .prefetch } }
                    var finished = -1
                    for _ in 0..<20 where events(app, .finished).count != finished {
                        finished = events(app, .finished).count
                        usleep(500_000)
                    }
                    let restStart = ProcessInfo.processInfo.systemUptime
                    usleep(2_000_000)
                    let rest = Self.frameIntervals(app.trace.events, window: restStart...ProcessInfo.processInfo.systemUptime)
                    restP99[mode.name, default: []].append(percentile(rest.intervals, 99))
                }
                // Over the list, also when the inspector takes the window's right part.
                try xvfb.run("xdotool", ["mousemove", "180", "300"])
                let perf = try perfDirectory.map { folder in
                    try ChildProcess("perf", ["record", "-q", "-e", "cpu-clock", "-F", "1000", "--call-graph", "dwarf,32768",
                                              "-p", "\(app.process.processIdentifier)",
                                              "-o", "\(folder)/scroll-\(mode.name.replacingOccurrences(of: " ", with: "-"))-\(repetition).data"])
                }
                // Wheel clicks at 80 Hz for 1.5 s, then a 0.4 s rest (work starts and runs on
                // while the next scroll begins), down and up, for `scrollSeconds`. One xdotool
                // run per stretch: starting a new one leaves a 20–40 ms hole in the input, and a
                // hole in the input is a hole in the frames.
                let pid = app.process.processIdentifier
                let cpuStart = Self.threadCPUNanoseconds(pid: pid, tid: pid)
                let inputStart = ProcessInfo.processInfo.systemUptime
                var down = true, rounds = 0
                while ProcessInfo.processInfo.systemUptime - inputStart < scrollSeconds {
                    try xvfb.run("xdotool", ["click", "--repeat", "125", "--delay", "12", down ? "5" : "4"])
                    usleep(400_000)
                    rounds += 1
                    if rounds % 3 == 0 { down.toggle() }
                }
                let inputEnd = ProcessInfo.processInfo.systemUptime
                if let cpuStart, let cpuEnd = Self.threadCPUNanoseconds(pid: pid, tid: pid) {
                    mainCPU[mode.name, default: []].append(Double(cpuEnd - cpuStart) / 1e9 / (inputEnd - inputStart) * 100)
                }
                if let perf {
                    perf.signal(SIGINT)
                    _ = perf.wait(timeout: 60)
                }
                usleep(500_000)
                let readAt = ProcessInfo.processInfo.systemUptime
                let all = app.trace.events
                // Every frame that overlaps the scripted input, not only those between
                // scroll-begin and scroll-end: naive mode blocks before it can notice that
                // scrolling began.
                let (frames, work) = Self.frameIntervals(all, window: inputStart...inputEnd, now: readAt)
                // Stalls while the input lasted (and the half second after). Trace times count from
                // the app's launch; a frame event carries both clocks, which maps one to the other.
                // (Not from the first scroll-begin: resizing the list for the inspector reads as one.)
                let offset = all.last { $0.name == .frame }.flatMap { record -> Double? in
                    if case .frame(_, _, let at) = record.event { return record.t - at } else { return nil }
                } ?? 0
                let stallWindow = (inputStart + offset)...(readAt + offset)
                let stall = all.filter { $0.name == .stall && stallWindow.contains($0.t) }.compactMap { if case .stall(let ms) = $0.event { return ms } else { return nil } }.max() ?? 0
                p50[mode.name, default: []].append(percentile(frames, 50))
                p99[mode.name, default: []].append(percentile(frames, 99))
                worst[mode.name, default: []].append(frames.max() ?? .nan)
                workP99[mode.name, default: []].append(percentile(work, 99))
                late[mode.name, default: []].append(Double(frames.filter { $0 > Self.missedVblankMs }.count))
                stalls[mode.name, default: []].append(stall)
                let phases = Self.framePhases(all, window: inputStart...inputEnd)
                if let shares = phases[Self.onCPU], !shares.isEmpty { onCPUShare[mode.name, default: []].append(percentile(shares, 50)) }
                for (phase, values) in phases where !values.isEmpty && phase != Self.onCPU {
                    phaseP99["\(mode.name)/\(phase)", default: []].append(percentile(values, 99))
                    phaseMean["\(mode.name)/\(phase)", default: []].append(values.reduce(0, +) / Double(values.count))
                }
            }
        }
        var results: [Result] = []
        for mode in scrollModes {
            // Targets are judged on this build as shipped; the baseline build is only measured.
            let normal = mode.arguments.isEmpty && !mode.baseline
            let rest = restP99[mode.name] ?? []
            if mode.arguments.isEmpty {
                results.append(Result(name: "frame interval p99 at rest (the frame clock's own timing), \(mode.name)", unit: "ms", values: rest))
            }
            results.append(Result(name: "frame interval p50, \(mode.name)", unit: "ms", values: p50[mode.name] ?? []))
            results.append(Result(name: "frame interval p99, \(mode.name)", unit: "ms", values: p99[mode.name] ?? []))
            if mode.arguments.isEmpty {
                // Paired run by run: each scroll against the rest measured in the same launch.
                results.append(Result(name: "frame interval p99 scrolling − at rest, \(mode.name)", unit: "ms",
                                      values: zip(p99[mode.name] ?? [], rest).map { $0 - $1 }, target: "≤ 1", met: { $0 <= 1 }))
            }
            results.append(Result(name: "frame interval max, \(mode.name)", unit: "ms", values: worst[mode.name] ?? []))
            results.append(Result(name: "frames over 25 ms (a missed refresh at 60 Hz), \(mode.name)", unit: "frames", values: late[mode.name] ?? [],
                                  target: normal ? "0" : nil, met: normal ? { $0 == 0 } : nil))
            results.append(Result(name: "frame work (start → after-paint) p99, \(mode.name)", unit: "ms", values: workP99[mode.name] ?? [],
                                  target: normal ? "≤ 8" : nil, met: normal ? { $0 <= 8 } : nil))
            results.append(Result(name: "main thread CPU while scrolling, share of a core, \(mode.name)", unit: "%", values: mainCPU[mode.name] ?? []))
            // Frames over 8 ms of work: how much of that time the main thread was on a CPU
            // (the median over the run's slow frames; low means it waited for a CPU).
            results.append(Result(name: "frames over 8 ms of work: share of it on a CPU, \(mode.name)", unit: "%",
                                  values: onCPUShare[mode.name] ?? []))
            results.append(Result(name: "longest main-loop stall, \(mode.name)", unit: "ms", values: stalls[mode.name] ?? [],
                                  target: normal ? "≤ 16" : nil, met: normal ? { $0 <= 16 } : nil))
            // Where a frame's work goes, by frame-clock phase (bind is part of layout).
            for phase in Self.phaseNames where mode.arguments.isEmpty {
                results.append(Result(name: "  frame work, \(phase): mean, \(mode.name)", unit: "ms", values: phaseMean["\(mode.name)/\(phase)"] ?? []))
                results.append(Result(name: "  frame work, \(phase): p99, \(mode.name)", unit: "ms", values: phaseP99["\(mode.name)/\(phase)"] ?? []))
            }
        }
        // The inspector open against closed, run by run (the same launch order, side by side).
        let open = "normal, inspector open"
        results.append(Result(name: "frame interval p99, inspector open − closed", unit: "ms",
                              values: zip(p99[open] ?? [], p99["normal"] ?? []).map { $0 - $1 }, target: "≤ 1", met: { $0 <= 1 }))
        results.append(Result(name: "frame work p99, inspector open − closed", unit: "ms",
                              values: zip(workP99[open] ?? [], workP99["normal"] ?? []).map { $0 - $1 }, target: "≤ 1", met: { $0 <= 1 }))
        let ratio = zip(stalls["naive"] ?? [], stalls["normal"] ?? []).map { $0 / Swift.max($1, 1) }
        results.append(Result(name: "longest stall, naive ÷ normal", unit: "×", values: ratio, target: "≥ 20", met: { $0 >= 20 }))
        let p99Ratio = zip(p99["naive"] ?? [], p99["normal"] ?? []).map { $0 / $1 }
        results.append(Result(name: "frame p99, naive ÷ normal", unit: "×", values: p99Ratio))
        if baselineBinary != nil {
            // This build against the baseline build, launch by launch (each pair ran one after the other).
            let base = Self.baselineMode.name
            results.append(Result(name: "frame work p99, this build ÷ baseline build", unit: "×",
                                  values: zip(workP99["normal"] ?? [], workP99[base] ?? []).map { $0 / $1 }))
            results.append(Result(name: "frame work p99, this build − baseline build", unit: "ms",
                                  values: zip(workP99["normal"] ?? [], workP99[base] ?? []).map { $0 - $1 }))
            results.append(Result(name: "main thread CPU while scrolling, this build ÷ baseline build", unit: "×",
                                  values: zip(mainCPU["normal"] ?? [], mainCPU[base] ?? []).map { $0 / $1 }))
            results.append(Result(name: "frames over 25 ms, this build − baseline build", unit: "frames",
                                  values: zip(late["normal"] ?? [], late[base] ?? []).map { $0 - $1 }))
            for phase in Self.phaseNames where phase != "wait" {
                results.append(Result(name: "frame work, \(phase): p99, this build − baseline build", unit: "ms",
                                      values: zip(phaseP99["normal/\(phase)"] ?? [], phaseP99["\(base)/\(phase)"] ?? []).map { $0 - $1 }))
            }
        }
        return results
    }

    /// How the responsiveness benchmark runs the app: the scheduler as shipped with the
    /// renderer the other benchmarks use (cairo) and with GTK's default (GL, on llvmpipe
    /// here); and naive mode (every bound row loads at once, no suspension while scrolling).
    /// A thread's time on a CPU so far (ns), from the scheduler's own accounting
    /// (`/proc/PID/task/TID/schedstat`, first field); nil if it cannot be read.
    static func threadCPUNanoseconds(pid: Int32, tid: Int32) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/schedstat", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { UInt64($0) }
    }

    struct ScrollMode {
        let name: String
        let arguments: [String]
        let renderer: String
        var inspector = false
        var baseline = false
    }
    static let baselineMode = ScrollMode(name: "normal, baseline build", arguments: [], renderer: "cairo", baseline: true)
    /// The modes in the order each repetition runs them: the baseline build, if any, right after this one.
    var scrollModes: [ScrollMode] {
        var modes = Self.shippedModes
        if baselineBinary != nil { modes.insert(Self.baselineMode, at: 1) }
        return modes
    }
    static let shippedModes = [ScrollMode(name: "normal", arguments: [], renderer: "cairo"),
                              ScrollMode(name: "normal, inspector open", arguments: [], renderer: "cairo", inspector: true),
                              ScrollMode(name: "normal, default renderer", arguments: [], renderer: ""),
                              ScrollMode(name: "naive", arguments: ["--naive"], renderer: "cairo")]

    // MARK: 4. time to a filtered screen

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

    // MARK: 5. wasted work

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

    // MARK: 6. memory

    public func memory() throws -> [Result] {
        var peaks: [String: [Double]] = [:]
        let manifest = server.baseURL.absoluteString + "/gallery.json?count=2000&delay=100&only=12"
        for _ in 0..<repetitions {
            for (label, arguments) in [("downscale at decode", [String]()), ("full decode", ["--full-decode"])] {
                let app = try launch(arguments, manifest: manifest)
                defer { app.stop() }
                try fling(app, to: 1990, clicks: 12, pause: 250_000)
                usleep(1_500_000)
                peaks[label, default: []].append(Self.peakRSS(pid: app.process.processIdentifier))
            }
        }
        let fast = peaks["downscale at decode"] ?? [], full = peaks["full decode"] ?? []
        return [
            Result(name: "peak RSS, 2,000 rows of 12 MP, downscale at decode", unit: "MB", values: fast, target: "≤ 300", met: { $0 <= 300 }),
            Result(name: "peak RSS, 2,000 rows of 12 MP, full decode", unit: "MB", values: full),
        ]
    }

    static func peakRSS(pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return .nan }
        let kb = Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan
        return kb / 1024
    }

    // MARK: 7. start-up

    public func startup() -> [Result] {
        [Result(name: "launch → first frame with rows", unit: "ms", values: startups, target: "≤ 300", met: { $0 <= 300 },
                note: "every launch of this run but naive mode's (the 2,000-row gallery over HTTP, big local manifests, warm caches)")]
    }
}

public struct BenchError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
