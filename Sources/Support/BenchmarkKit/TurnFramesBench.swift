// Why this exists: Ctrl+R to the turned thumbnail on screen, counted in frames, side by side with another build (`--baseline-app`): a row of a folder of 12 MP JPEGs turned as a user turns it (selected, Ctrl+R), to the first frame that begins after the row shows it turned (from memory now; before, from the file loaded again once the watcher reported it).
import Foundation
import PhotoPipeline
import PhotoTrace
import TestAndBenchSupport

extension AppBench {
    public func turnFrames(_ photos: LargePhotos) throws -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"] else { throw BenchError("no 12 MP photo") }
        let builds: [(name: String, executable: String?)] = [("", nil)] + (baselineBinary.map { [(" (baseline)", $0)] } ?? [])
        var frames: [String: [Double]] = [:], milliseconds: [String: [Double]] = [:]
        for _ in 0..<max(repetitions, 3) {
            for build in builds {
                let folder = TemporaryFiles.url("bench-turn-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                for name in ["a", "b", "c", "d"] { try jpeg.write(to: folder.appendingPathComponent("\(name).jpg")) }
                let app = try launch(["--view", "list"], probe: true, manifest: folder.path, executable: build.executable)
                defer { app.stop() }
                guard let turn = try turnRow(1, named: "b.jpg", in: app) else { continue }
                frames[build.name, default: []].append(Double(turn.frames))
                milliseconds[build.name, default: []].append(turn.ms)
            }
        }
        return builds.flatMap { build in [
            Result(name: "Ctrl+R on a 12 MP JPEG's row → the first frame after it shows turned\(build.name)", unit: "frames", values: frames[build.name] ?? []),
            Result(name: "… the same, in time\(build.name)", unit: "ms", values: milliseconds[build.name] ?? []),
        ] }
    }

    /// Select `row` (its accessible name starts with `name`), press Ctrl+R, and count the frames
    /// that begin from the key to the first one after the row shows its photo turned.
    private func turnRow(_ row: Int, named name: String, in app: AppProcess) throws -> (frames: Int, ms: Double)? {
        guard app.trace.wait(timeout: 60, until: { _ in (0..<4).allSatisfy { app.trace.finalStates[$0]?.state == .filtered } }) else { return nil }
        try xvfb.run("xdotool", ["windowfocus", "--sync", try app.mainWindow(on: xvfb)])
        var place: (x: Int, y: Int, width: Int, height: Int)?
        guard poll(timeout: 15, { place = try? AccessibleNames.extents(app, ofNameStartingWith: "\(name), "); return place != nil }),
              let place else { return nil }
        try xvfb.run("xdotool", ["mousemove", "\(place.x + place.width / 2)", "\(place.y + place.height / 2)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        usleep(500_000)
        let before = app.trace.events.count
        let pressed = ProcessInfo.processInfo.systemUptime
        try xvfb.run("xdotool", ["key", "ctrl+r"])
        // Shown turned: from memory (`turn-applied`), or the row loaded again to the end.
        func shown(_ record: TraceRecord) -> Bool {
            switch record.event {
            case .turnApplied(row, _), .state(row, .filtered, _, _): true
            default: false
            }
        }
        guard app.trace.wait(timeout: 30, until: { $0.dropFirst(before).contains(where: shown) }) else { return nil }
        usleep(300_000)
        let events = app.trace.events
        guard let at = events.dropFirst(before).first(where: shown)?.t,
              let offset = events.last(where: { $0.name == .frame }).flatMap({ record -> Double? in
                  if case .frame(_, _, let start) = record.event { record.t - start } else { nil } }) else { return nil }
        // Frame starts on the system's monotonic clock (this process's uptime).
        let starts = events.compactMap { record -> Double? in if case .frame(_, _, let start) = record.event { start } else { nil } }
        let shownAt = at - offset
        guard let drawn = starts.first(where: { $0 > shownAt }) else { return nil }
        return (starts.filter { $0 > pressed && $0 <= drawn }.count, (drawn - pressed) * 1000)
    }
}
