// Why this exists: for benchmarks (CLASSIC_PHOTOS_PROBE=1): frame intervals from the frame clock, main-loop stalls from a probe timer, and the first frame showing rows.
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class FrameProbe {
    static let isEnabled = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_PROBE"] == "1"
    /// The probe asks to run this often; it reports how late it ran.
    static let probeIntervalMs: UInt32 = 10

    private var lastFrame: Int64?
    private var lastProbe = ProcessInfo.processInfo.systemUptime
    private var sawRows = false

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
    init(window: ApplicationWindow, hasRows: @escaping @MainActor () -> Bool) {
        window.onAfterPaint { [weak self] in
            guard let self else { return }
            if !sawRows, hasRows() {
                sawRows = true
                Trace.shared.emit(.firstRowsFrame(wall: Date().timeIntervalSince1970))
            }
            guard Self.isEnabled, let start = window.currentFrameStartMicroseconds else { return }
            if let last = lastFrame, start > last {
                let work = Double(MainLoop.monotonicMicroseconds - start) / 1000
                Trace.shared.emit(.frame(ms: Double(start - last) / 1000, work: work, at: Double(start) / 1_000_000))
            }
            lastFrame = start
        }
        guard Self.isEnabled else { return }
        window.addTickCallback { true }
        tick()
    }

    /// A one-shot timer re-armed each time: its lateness is how long the main loop was busy.
    private func tick() {
        lastProbe = ProcessInfo.processInfo.systemUptime
        MainLoop.after(milliseconds: Self.probeIntervalMs) { [weak self] in
            guard let self else { return }
            let late = (ProcessInfo.processInfo.systemUptime - lastProbe) * 1000 - Double(Self.probeIntervalMs)
            if late > 5 { Trace.shared.emit(.stall(ms: late)) }
            tick()
        }
    }
}
