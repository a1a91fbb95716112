// Why this exists: the trace's frame timings: always the first frame showing rows (start-up time); with CLASSIC_PHOTOS_PROBE=1, frame intervals and each frame's work by phase from the frame clock, and main-loop stalls from a probe timer (the main thread's stacks during a stall are the benchmarks' own, from a library they preload: Sources/Support/StallSampler).
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
package final class FrameProbe {
    package static let isEnabled = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_PROBE"] == "1"
    /// The probe asks to run this often; it reports how late it ran.
    package static let probeIntervalMs: UInt32 = 10

    private var lastFrame: Int64?
    private var lastProbe = ProcessInfo.processInfo.systemUptime
    /// The main thread's schedule when the probe timer was armed.
    private var scheduleAtProbe = ThreadSchedule.now()
    private var sawRows = false
    /// When each phase of the frame being made ended (µs, monotonic): events, update, layout, paint.
    private var phaseEnds: [FrameClockPhase: Int64] = [:]
    /// The main thread's CPU time when this frame's before-paint began (µs).
    private var cpuAtBeforePaint: Int64?
    /// The main thread's schedule at the last frame's end: what it waited for a CPU since.
    private var scheduleAtFrame: ThreadSchedule?
    /// Time in the app's own row bind and unbind handlers since the last frame.
    private var bindMicroseconds: Int64 = 0
    private var binds = 0

    /// Time a row bind or unbind (with the probe on), for the frame's `phases` event.
    package func measureBind(_ body: () -> Void) {
        guard Self.isEnabled else { return body() }
        let start = MainLoop.monotonicMicroseconds
        body()
        bindMicroseconds += MainLoop.monotonicMicroseconds - start
        binds += 1
    }

    /// Always: the first painted frame with rows on screen is traced (start-up time).
    /// With the probe on: every frame interval and every main-loop stall over 5 ms.
    /// - The interval is between the frame clock's own start times for two frames (when it
    ///   began each frame), so a frame is late only when the one before it, or other work on
    ///   the main loop, overran; `work` is how long the frame took, start to `after-paint`;
    ///   `at` is the start on the system's monotonic clock (seconds), for lining frames up
    ///   with a benchmark's input.
    /// - The probe keeps the frame clock ticking, as an animation would, so an interval is
    ///   never an idle gap with nothing to draw (the list at its end, a pause in the input,
    ///   the settle time before scrolling counts as over).
    /// `rowWidgets`: how many row widgets the list has made, told with the first frame.
    /// Where frames, phases and stalls are said.
    private let trace: Trace

    package init(window: ApplicationWindow, trace: Trace, hasRows: @escaping @MainActor () -> Bool, rowWidgets: @escaping @MainActor () -> Int) {
        self.trace = trace
        window.onAfterPaint { [weak self] in
            guard let self else { return }
            if !sawRows, hasRows() {
                sawRows = true
                trace.emit(.firstRowsFrame(wall: Date().timeIntervalSince1970, rowWidgets: rowWidgets()))
            }
            guard Self.isEnabled, let start = window.currentFrameStartMicroseconds else { return }
            let now = MainLoop.monotonicMicroseconds
            if let last = lastFrame, start > last {
                let work = Double(now - start) / 1000
                trace.emit(.frame(ms: Double(start - last) / 1000, work: work, at: Double(start) / 1_000_000))
                // Phases that did not run this frame take no time (the next one starts where it would have).
                var previous = start
                let ends = phaseEnds
                func phase(_ end: FrameClockPhase) -> Double {
                    guard let at = ends[end], at >= previous else { return 0 }
                    defer { previous = at }
                    return Double(at - previous) / 1000
                }
                let wait = phase(.beforePaint), update = phase(.update), layout = phase(.layout), paint = phase(.paint)
                let cpu = cpuAtBeforePaint.map { Double(MainLoop.threadCPUMicroseconds - $0) / 1000 } ?? 0
                let schedule = ThreadSchedule.now()
                let waited = scheduleAtFrame.flatMap { before in schedule.map { $0.waitingMs - before.waitingMs } }
                scheduleAtFrame = schedule
                trace.emit(.phases(wait: wait, update: update, layout: layout, paint: paint,
                                          bind: Double(self.bindMicroseconds) / 1000, binds: self.binds, cpu: cpu, waited: waited))
            } else {
                scheduleAtFrame = ThreadSchedule.now()
            }
            lastFrame = start
            phaseEnds.removeAll(keepingCapacity: true)
            cpuAtBeforePaint = nil
            self.bindMicroseconds = 0
            self.binds = 0
        }
        guard Self.isEnabled else { return }
        // The frame's own work begins at before-paint (first handler; flush-events runs only
        // when events wait, and GDK delivers input outside frames); each later phase ends after
        // its last handler.
        window.onFrameClock(.beforePaint) { [weak self] in
            self?.phaseEnds[.beforePaint] = MainLoop.monotonicMicroseconds
            self?.cpuAtBeforePaint = MainLoop.threadCPUMicroseconds
        }
        for phase in [FrameClockPhase.update, .layout, .paint] {
            window.onFrameClock(phase, last: true) { [weak self] in
                self?.phaseEnds[phase] = MainLoop.monotonicMicroseconds
            }
        }
        window.addTickCallback { true }
        tick()
    }

    /// A one-shot timer re-armed each time: its lateness is how long the main loop was busy.
    /// With it, how long the main thread ran on a CPU meanwhile and how long it was runnable
    /// but waited for one (the machine, not the app: another process had the cores).
    private func tick() {
        lastProbe = ProcessInfo.processInfo.systemUptime
        scheduleAtProbe = ThreadSchedule.now()
        MainLoop.after(milliseconds: Self.probeIntervalMs) { [weak self] in
            guard let self else { return }
            let late = (ProcessInfo.processInfo.systemUptime - lastProbe) * 1000 - Double(Self.probeIntervalMs)
            if late > 5 {
                let before = scheduleAtProbe, after = ThreadSchedule.now()
                let cpu = before.flatMap { b in after.map { $0.runningMs - b.runningMs } }
                let waiting = before.flatMap { b in after.map { $0.waitingMs - b.waitingMs } }
                trace.emit(.stall(ms: late, cpu: cpu, waiting: waiting))
            }
            tick()
        }
    }
}
