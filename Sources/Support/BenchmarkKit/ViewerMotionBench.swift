// Why this exists: the viewer in motion, for the renderer choice: dragging and Ctrl+wheel zooming a 12-megapixel photo shown at 100 %, with the renderer the app picks and with GL forced, and the frame figures of each, side by side.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    /// The renderers the viewer moves under: the app's own choice (a default launch) and GL forced.
    static let viewerRenderers = [("default launch", ""), ("forced GL", "gl")]

    /// What one pan-and-zoom run measured.
    struct MotionRun {
        var workP99 = Double.nan, intervalP99 = Double.nan, late = 0.0
    }

    public func viewerMotion(_ photos: LargePhotos) throws -> [Result] {
        let manifest = try viewerGallery(photos, count: 50)
        var runs: [String: [MotionRun]] = [:]
        for _ in 0..<repetitions {
            for (label, renderer) in Self.viewerRenderers {
                if let run = try panAndZoom(manifest, renderer: renderer) { runs[label, default: []].append(run) }
            }
        }
        func values(_ label: String, _ figure: (MotionRun) -> Double) -> [Double] { (runs[label] ?? []).map(figure) }
        let paired = zip(runs["default launch"] ?? [], runs["forced GL"] ?? []).map { $0.workP99 / $1.workP99 }
        var results: [Result] = []
        for (label, _) in Self.viewerRenderers {
            results.append(Result(name: "viewer pan and zoom at 100 %: frame work p99, \(label)", unit: "ms", values: values(label, \.workP99)))
            results.append(Result(name: "viewer pan and zoom at 100 %: frame interval p99, \(label)", unit: "ms", values: values(label, \.intervalP99)))
            results.append(Result(name: "viewer pan and zoom at 100 %: frames over 25 ms, \(label)", unit: "frames", values: values(label, \.late)))
        }
        // The choice must not make the viewer slower than GTK's own default would have.
        results.append(Result(name: "viewer pan and zoom: frame work p99, default launch ÷ forced GL", unit: "×", values: paired,
                              target: "≤ 1", met: { $0 <= 1 }))
        return results
    }

    /// Open the viewer on the first photo, show it at 100 % (the full 12 MP image), then drag it
    /// around and zoom with Ctrl+wheel for about three seconds; the frames drawn meanwhile.
    private func panAndZoom(_ manifest: URL, renderer: String) throws -> MotionRun? {
        let app = try launch(probe: true, manifest: manifest.path, environment: ["GSK_RENDERER": renderer])
        defer { app.stop() }
        guard filteredScreenTime(app) != nil else { return nil }
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        let before = app.trace.events.count
        try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
        guard app.trace.wait(timeout: 30, until: { $0.dropFirst(before).contains { $0.name == .fullImage } }) else { return nil }
        let zoomMark = app.trace.events.count
        try xvfb.run("xdotool", ["key", "1"])
        guard app.trace.wait(timeout: 20, until: { events in
            events.dropFirst(zoomMark).contains { if case .fullImage(0, let width, _, _, _, _) = $0.event { return width >= 4000 } else { return false } }
        }) else { return nil }
        usleep(500_000)
        // One xdotool run for the whole motion (a new run leaves a hole in the input): a drag in
        // a square, 60 Hz, then Ctrl+wheel in and out.
        var steps = ["mousemove", "400", "300", "mousedown", "1"]
        for step in 0..<120 {
            let (dx, dy) = [(6, 0), (0, 6), (-6, 0), (0, -6)][step / 30]
            steps += ["mousemove_relative", "--", "\(dx)", "\(dy)", "sleep", "0.016"]
        }
        steps += ["mouseup", "1", "keydown", "ctrl"]
        for click in 0..<24 { steps += ["click", click < 12 ? "4" : "5", "sleep", "0.05"] }
        steps += ["keyup", "ctrl"]
        let start = ProcessInfo.processInfo.systemUptime
        try xvfb.run("xdotool", steps)
        let end = ProcessInfo.processInfo.systemUptime
        usleep(300_000)
        let (intervals, work) = FrameFigures.intervals(app.trace.events, window: start...end)
        guard !work.isEmpty else { return nil }
        return MotionRun(workP99: percentile(work, 99), intervalP99: percentile(intervals, 99),
                         late: Double(intervals.filter { $0 > FrameFigures.missedVblankMs }.count))
    }
}
