// Why this exists: for benchmarks (CLASSIC_PHOTOS_PROBE=1): frame intervals from the frame clock, main-loop stalls from a probe timer, and the first frame showing rows.
import CGtk
import Foundation
import Gtk
import PhotoPipeline

@MainActor
final class FrameProbe {
    static let isEnabled = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_PROBE"] == "1"
    /// The probe asks to run this often; it reports how late it ran.
    static let probeIntervalMs: UInt32 = 10

    private var lastFrame: Double?
    private var lastProbe = ProcessInfo.processInfo.systemUptime
    private var sawRows = false

    /// Always: the first painted frame with rows on screen is traced (start-up time).
    /// With the probe on: every frame interval and every main-loop stall over 5 ms.
    init(window: ApplicationWindow, hasRows: @escaping @MainActor () -> Bool) {
        window.onAfterPaint { [weak self] in
            guard let self else { return }
            let now = ProcessInfo.processInfo.systemUptime
            if !sawRows, hasRows() {
                sawRows = true
                Trace.shared.emit("first-rows-frame", ["wall": Date().timeIntervalSince1970])
            }
            if Self.isEnabled, let last = lastFrame { Trace.shared.emit("frame", ["ms": (now - last) * 1000]) }
            lastFrame = now
        }
        guard Self.isEnabled else { return }
        tick()
    }

    /// A one-shot timer re-armed each time: its lateness is how long the main loop was busy.
    private func tick() {
        lastProbe = ProcessInfo.processInfo.systemUptime
        MainLoop.after(milliseconds: Self.probeIntervalMs) { [weak self] in
            guard let self else { return }
            let late = (ProcessInfo.processInfo.systemUptime - lastProbe) * 1000 - Double(Self.probeIntervalMs)
            if late > 5 { Trace.shared.emit("stall", ["ms": late]) }
            tick()
        }
    }
}
