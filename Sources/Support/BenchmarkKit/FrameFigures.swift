// Why this exists: the frame figures read from the app's probe events (frame intervals and work, work by phase, stalls), shared by every benchmark that scrolls.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

enum FrameFigures {
    /// A frame this much later than the last one would miss a refresh on a 60 Hz display
    /// (1.5 refresh intervals).
    static let missedVblankMs = 25.0
    static let phaseNames = ["wait", "update", "layout", "paint", "bind"]
    static let onCPU = "on-cpu"

    /// The frame intervals (and each frame's work) that overlap `window`, from the probe's
    /// `frame` events. The probe keeps the frame clock ticking, so an interval is a frame the
    /// app had to produce, never an idle gap. A frame still unpainted a quarter of a second
    /// after the last one began, when the trace is read (`now`), counts as an interval of at
    /// least that age: naive mode can block past the end of the input.
    static func intervals(_ events: [TraceRecord], window: ClosedRange<Double>, now: Double? = nil) -> (intervals: [Double], work: [Double]) {
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

    /// Each frame over `missedVblankMs` that starts inside `window`: its interval and work, how
    /// long the main thread waited for a CPU over the interval (from the frame's `phases`
    /// event), and the longest main-loop stall traced within it (0: none over 5 ms).
    static func lateFrames(_ events: [TraceRecord], window: ClosedRange<Double>) -> [(ms: Double, work: Double, waited: Double?, stall: Double)] {
        var late: [(ms: Double, work: Double, waited: Double?, stall: Double)] = []
        var pending: (ms: Double, work: Double, t: Double)?
        for record in events {
            switch record.event {
            case .frame(let ms, let work, let at):
                pending = ms > missedVblankMs && window.contains(at) ? (ms, work, record.t) : nil
            case .phases(_, _, _, _, _, _, _, let waited):
                guard let frame = pending else { continue }
                pending = nil
                let stalls = events.lazy.filter { $0.name == .stall && $0.t <= frame.t + 0.001 && $0.t >= frame.t - frame.ms / 1000 }
                    .compactMap { if case .stall(let ms, _, _) = $0.event { ms } else { nil } }
                late.append((frame.ms, frame.work, waited, stalls.max() ?? 0))
            default: break
            }
        }
        return late
    }

    /// The probe's `phases` events for the frames that start inside `window`, by phase name
    /// (wait, update, layout, paint, bind), in ms, one value a frame; and under `on-cpu`, for
    /// each frame whose work took over 8 ms, the share of that time its thread was on a CPU.
    static func phases(_ events: [TraceRecord], window: ClosedRange<Double>) -> [String: [Double]] {
        var phases: [String: [Double]] = [:], inside = false, work = 0.0
        for event in events {
            switch event.event {
            case .frame(_, let frameWork, let at): inside = window.contains(at); work = frameWork
            case .phases(let wait, let update, let layout, let paint, let bind, _, let cpu, _) where inside:
                for (name, value) in [("wait", wait), ("update", update), ("layout", layout), ("paint", paint), ("bind", bind)] {
                    phases[name, default: []].append(value)
                }
                let busy = update + layout + paint
                if work > 8, busy > 0, cpu.isFinite { phases[onCPU, default: []].append(min(1, cpu / busy) * 100) }
                inside = false
            default: break
            }
        }
        return phases
    }

    /// The longest main-loop stall between `from` and `to` (uptime of this process), as the
    /// probe timer saw it (`observed`), and the longest once the time the main thread was
    /// runnable but waiting for a CPU is taken out of each (`own`: the app's part; the rest was
    /// the machine, another process on the cores). Trace times count from the app's launch; a
    /// frame event carries both clocks, which maps one to the other.
    static func longestStall(_ events: [TraceRecord], from: Double, to: Double) -> (observed: Double, own: Double) {
        let window = traceWindow(events, from: from, to: to)
        var observed = 0.0, own = 0.0
        for record in events where record.name == .stall && window.contains(record.t) {
            guard case .stall(let ms, _, let waiting) = record.event else { continue }
            observed = max(observed, ms)
            own = max(own, ms - min(ms, waiting ?? 0))
        }
        return (observed, own)
    }

    /// `from`...`to` (uptime of this process) in the trace's times, which count from the app's
    /// launch; a frame event carries both clocks, which maps one to the other.
    private static func traceWindow(_ events: [TraceRecord], from: Double, to: Double) -> ClosedRange<Double> {
        let offset = events.last { $0.name == .frame }.flatMap { record -> Double? in
            if case .frame(_, _, let at) = record.event { return record.t - at } else { return nil }
        } ?? 0
        return (from + offset)...(to + offset)
    }
}
