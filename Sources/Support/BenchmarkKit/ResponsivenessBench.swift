// Why this exists: benchmark 1, the main loop under load: wheel scrolling over 2,000 rows for a while, in each way the app can run (launched as users launch it, with the inspector open, with each renderer forced; the grid; naive mode; another build side by side), and the frame figures of every run.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    /// How the responsiveness benchmark runs the app: the scheduler as shipped, launched as a
    /// user launches it (no GSK_RENDERER: the app picks the renderer), with the inspector open,
    /// and with each renderer forced (cairo; GL, which is llvmpipe on a machine without a
    /// GPU), so that a change in either shows; and naive mode (every bound row loads at once,
    /// no suspension while scrolling). An empty renderer is the default launch.
    struct ScrollMode {
        let name: String
        let arguments: [String]
        let renderer: String
        var inspector = false
        var baseline = false
        /// Another gallery than the benchmark's (a share's folder), and what its bus's services need.
        var gallery: String?
        var busEnvironment: [String: String] = [:]
        /// Naive mode blocks the main loop by design: no rest to measure, no frame targets.
        var isNaive: Bool { arguments.contains("--naive") }
    }
    static let baselineMode = ScrollMode(name: "normal, baseline build", arguments: [], renderer: "cairo", baseline: true)
    static let baselineLargeMode = ScrollMode(name: "normal, 256-pixel thumbnails, baseline build", arguments: ["--thumbnail-size", "256"],
                                              renderer: "", baseline: true)
    static let baselineGridMode = ScrollMode(name: "grid, 256-pixel thumbnails, baseline build", arguments: ["--view", "grid", "--thumbnail-size", "256"],
                                             renderer: "", baseline: true)
    static let largeModeName = "normal, 256-pixel thumbnails"
    static let gridModeName = "grid, 256-pixel thumbnails"
    static let shippedModes = [ScrollMode(name: "normal", arguments: [], renderer: ""),
                               ScrollMode(name: "normal, inspector open", arguments: [], renderer: "", inspector: true),
                               ScrollMode(name: "normal, forced cairo", arguments: [], renderer: "cairo"),
                               ScrollMode(name: "normal, forced GL", arguments: [], renderer: "gl"),
                               ScrollMode(name: "normal, inspector open, forced GL", arguments: [], renderer: "gl", inspector: true),
                               // The largest thumbnails: four times the pixels to decode, filter and draw a row.
                               ScrollMode(name: largeModeName, arguments: ["--thumbnail-size", "256"], renderer: ""),
                               // The grid at its largest: a screen of cells, each as large as the list's largest.
                               ScrollMode(name: gridModeName, arguments: ["--view", "grid", "--thumbnail-size", "256"], renderer: ""),
                               ScrollMode(name: "naive", arguments: ["--naive"], renderer: "")]
    /// The modes in the order each repetition runs them: the baseline build, if any, right after this one.
    var scrollModes: [ScrollMode] {
        var modes = Self.shippedModes
        if baselineBinary != nil {
            modes.insert(Self.baselineMode, at: 1)
            if let large = modes.firstIndex(where: { $0.name == Self.largeModeName }) { modes.insert(Self.baselineLargeMode, at: large + 1) }
            if let grid = modes.firstIndex(where: { $0.name == Self.gridModeName }) { modes.insert(Self.baselineGridMode, at: grid + 1) }
        }
        if let names = scrollModeNames { modes.removeAll { !names.contains($0.name) } }
        return modes
    }

    /// What one scrolling run measured.
    struct ScrollRun {
        var p50 = Double.nan, p99 = Double.nan, worst = Double.nan, workP99 = Double.nan
        /// Frames over `missedVblankMs`.
        var late = 0.0
        var stall = 0.0
        /// The longest stall less the time the main thread waited for a CPU in it (the app's part).
        var stallOwn = 0.0
        /// The frame interval p99 at rest, in the same launch (modes without arguments).
        var rest: Double?
        /// The main thread's own CPU time while the input lasted, as a share of one core: what
        /// the frames cost the app, which a busy host stretches far less than it stretches a p99.
        var mainCPU: Double?
        /// For frames over 8 ms of work, the median share of it on a CPU.
        var onCPU: Double?
        /// How long the main thread was runnable but had no CPU, per second of input (ms/s):
        /// the machine's share of the frames' lateness, which a busy core or a worker that
        /// keeps its CPU adds to every wake-up.
        var mainWaiting: Double?
        /// The X server's CPU time, as a share of a core, and its waits for a CPU (ms/s), over
        /// the input: every GDK round trip waits for the server.
        var serverCPU: Double?
        var serverWaiting: Double?
        var phaseP99: [String: Double] = [:]
        var phaseMean: [String: Double] = [:]
    }

    public func responsiveness() throws -> [Result] {
        var runs: [String: [ScrollRun]] = [:]
        for repetition in 0..<repetitions {
            for mode in scrollModes {
                runs[mode.name, default: []].append(try scroll(mode, repetition: repetition))
            }
        }
        return responsivenessResults(runs)
    }

    /// Launch in `mode`, measure the frame clock at rest (plain modes), then scroll for
    /// `scrollSeconds` and read the frames back from the probe.
    func scroll(_ mode: ScrollMode, repetition: Int, environment: [String: String] = [:]) throws -> ScrollRun {
        let app = try launch(mode.arguments, probe: true, manifest: mode.gallery, environment: environment.merging(["GSK_RENDERER": mode.renderer]) { $1 },
                             executable: mode.baseline ? baselineBinary : nil, busEnvironment: mode.busEnvironment)
        defer { app.stop() }
        var run = ScrollRun()
        if mode.inspector {
            // The operations inspector open beside the list (Ctrl+Shift+O), updating as the queues work.
            try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
            try xvfb.run("xdotool", ["key", "ctrl+shift+o"])
            _ = app.trace.wait(timeout: 10) { $0.contains { $0.event == .inspector(open: true) } }
        }
        if !mode.isNaive { run.rest = restingIntervalP99(app) }
        // Over the list, also when the inspector takes the window's right part.
        try xvfb.run("xdotool", ["mousemove", "180", "300"])
        let perf = try perfDirectory.map { folder in
            try PerfRecording(pid: app.process.processIdentifier,
                              path: "\(folder)/scroll-\(mode.name.replacingOccurrences(of: " ", with: "-"))-\(repetition).data")
        }
        // Wheel clicks at 80 Hz for 1.5 s, then a 0.4 s rest (work starts and runs on while the
        // next scroll begins), down and up, for `scrollSeconds`. One xdotool run per stretch:
        // starting a new one leaves a 20–40 ms hole in the input, and a hole in the input is a
        // hole in the frames.
        let pid = app.process.processIdentifier, server = xvfb.processIdentifier
        let mainStart = ProcReaders.threadSchedule(pid: pid, tid: pid)
        let serverStart = ProcReaders.threadSchedule(pid: server, tid: server)
        let inputStart = ProcessInfo.processInfo.systemUptime
        var down = true, rounds = 0
        while ProcessInfo.processInfo.systemUptime - inputStart < scrollSeconds {
            try xvfb.run("xdotool", ["click", "--repeat", "125", "--delay", "12", down ? "5" : "4"])
            usleep(400_000)
            rounds += 1
            if rounds % 3 == 0 { down.toggle() }
        }
        let inputEnd = ProcessInfo.processInfo.systemUptime
        let seconds = inputEnd - inputStart
        if let mainStart, let mainEnd = ProcReaders.threadSchedule(pid: pid, tid: pid) {
            run.mainCPU = Double(mainEnd.running - mainStart.running) / 1e9 / seconds * 100
            run.mainWaiting = Double(mainEnd.waiting - mainStart.waiting) / 1e6 / seconds
        }
        if let serverStart, let serverEnd = ProcReaders.threadSchedule(pid: server, tid: server) {
            run.serverCPU = Double(serverEnd.running - serverStart.running) / 1e9 / seconds * 100
            run.serverWaiting = Double(serverEnd.waiting - serverStart.waiting) / 1e6 / seconds
        }
        perf?.stop()
        usleep(500_000)
        let readAt = ProcessInfo.processInfo.systemUptime
        let all = app.trace.events
        // Every frame that overlaps the scripted input, not only those between scroll-begin and
        // scroll-end: naive mode blocks before it can notice that scrolling began.
        let (frames, work) = FrameFigures.intervals(all, window: inputStart...inputEnd, now: readAt)
        run.p50 = percentile(frames, 50)
        run.p99 = percentile(frames, 99)
        run.worst = frames.max() ?? .nan
        run.workP99 = percentile(work, 99)
        run.late = Double(frames.filter { $0 > FrameFigures.missedVblankMs }.count)
        // Stalls while the input lasted (and the half second after); not from the first
        // scroll-begin: resizing the list for the inspector reads as one.
        (run.stall, run.stallOwn) = FrameFigures.longestStall(all, from: inputStart, to: readAt)
        // What the main thread ran in each stall over a frame (the preloaded sampler's), named.
        for stall in (stallLogs[ObjectIdentifier(app)]?.stalls ?? []) where (inputStart...readAt).contains(stall.at) && stall.ms >= 16 {
            print("  stall in \(mode.name), repetition \(repetition + 1): \(String(format: "%.1f", stall.ms)) ms (main thread on a CPU "
                  + "\(String(format: "%.1f", stall.cpu)) ms of it): \(StackNames.describe(stall.stacks))")
        }
        // Each missed refresh, with what the main thread waited for a CPU meanwhile and the
        // longest stall in it: the machine's part and the app's.
        for frame in FrameFigures.lateFrames(all, window: inputStart...inputEnd) {
            print("  frame over 25 ms in \(mode.name), repetition \(repetition + 1): \(String(format: "%.1f", frame.ms)) ms since the last "
                  + "(its work \(String(format: "%.1f", frame.work)) ms); main thread waiting for a CPU meanwhile "
                  + "\(frame.waited.map { String(format: "%.1f", $0) } ?? "–") ms; longest stall in it \(String(format: "%.1f", frame.stall)) ms")
        }
        let phases = FrameFigures.phases(all, window: inputStart...inputEnd)
        if let shares = phases[FrameFigures.onCPU], !shares.isEmpty { run.onCPU = percentile(shares, 50) }
        for (phase, values) in phases where !values.isEmpty && phase != FrameFigures.onCPU {
            run.phaseP99[phase] = percentile(values, 99)
            run.phaseMean[phase] = values.reduce(0, +) / Double(values.count)
        }
        return run
    }

    /// The floor: 2 s with no input once the first screen and its prefetch are done. What is
    /// left is the frame clock's own timing: GDK paces frames under Xvfb (no compositor, no
    /// vblank) with a millisecond timer.
    func restingIntervalP99(_ app: AppProcess) -> Double {
        _ = app.trace.wait(timeout: 10) { $0.contains { $0.name == .prefetch } }
        var finished = -1
        for _ in 0..<20 where events(app, .finished).count != finished {
            finished = events(app, .finished).count
            usleep(500_000)
        }
        let restStart = ProcessInfo.processInfo.systemUptime
        usleep(2_000_000)
        return percentile(FrameFigures.intervals(app.trace.events, window: restStart...ProcessInfo.processInfo.systemUptime).intervals, 99)
    }
}
