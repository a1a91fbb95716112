// Why this exists: Export Gallery against what a user would reach for instead: the same 200 twelve-megapixel JPEGs with a camera's metadata (local files) toned sepia and written as JPEG by the app and by ImageMagick's `mogrify -sepia-tone 80%`, side by side in one run; the app's peak memory; and its pace and frames with the list scrolling meanwhile, beside a baseline build's (`--baseline-app`).
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    static let exportPhotoCount = 200

    /// 200 twelve-megapixel JPEGs (the bench's large photos, cycled), each carrying a camera's
    /// EXIF and XMP as photos do (the export keeps them), and a manifest listing them; made once.
    func exportGallery(_ photos: LargePhotos) throws -> (folder: URL, manifest: URL) {
        let folder = TemporaryFiles.url("bench-export-\(Self.exportPhotoCount)-tagged")
        let manifest = folder.appendingPathComponent("gallery.json")
        if FileManager.default.fileExists(atPath: manifest.path) { return (folder, manifest) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let twelve = photos.names.filter { $0.hasSuffix("-12mp.jpg") }
        var rows: [String] = []
        for index in 0..<Self.exportPhotoCount {
            let name = String(format: "photo-%03d.jpg", index)
            try photos.files[twelve[index % twelve.count]]!.write(to: folder.appendingPathComponent(name))
            rows.append("{\"name\": \"Photo \(index)\", \"url\": \"\(name)\"}")
        }
        // One exiftool run over the folder (a run per photo takes minutes).
        let tagged = try Tool.run("/usr/bin/exiftool", ["-q", "-q", "-overwrite_original"] + TestDetails.arguments + ["-ext", "jpg", folder.path], timeout: 600)
        guard tagged.status == 0 else { throw BenchError("exiftool failed: \(tagged.output.suffix(300))") }
        try Data(("[" + rows.joined(separator: ",\n") + "]").utf8).write(to: manifest)
        return (folder, manifest)
    }

    public func export(_ photos: LargePhotos) throws -> [Result] {
        let (folder, manifest) = try exportGallery(photos)
        var appSeconds: [Double] = [], magickSeconds: [Double] = [], peakRSS: [Double] = [], withHelpers: [Double] = [], written: [Double] = []
        var scrollingRate: [Double] = [], workP99: [Double] = [], late: [Double] = [], baseWorkP99: [Double] = [], baseLate: [Double] = []
        var baseRate: [Double] = [], baseWithExportLate: [Double] = [], baseWithExportP99: [Double] = []
        for repetition in 0..<repetitions {
            // ImageMagick takes minutes for 200 photos: two repetitions at most; the scrolls, a
            // minute a repetition, run every one.
            if repetition < 2 {
                let magickOut = TemporaryFiles.url("bench-mogrify-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: magickOut, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: magickOut) }
                let start = ProcessInfo.processInfo.systemUptime
                let magick = try Tool.run("/bin/sh", ["-c", "cd '\(folder.path)' && /usr/bin/mogrify -path '\(magickOut.path)' -sepia-tone 80% *.jpg"], timeout: 1800)
                guard magick.status == 0 else { throw BenchError("mogrify failed: \(magick.output.suffix(300))") }
                magickSeconds.append(ProcessInfo.processInfo.systemUptime - start)

                let idle = try exportOnce(manifest, scrolling: false)
                appSeconds.append(idle.seconds)
                written.append(idle.written)
                peakRSS.append(idle.peakRSS)
                withHelpers.append(idle.peakWithHelpers)
            }
            let scrolled = try exportOnce(manifest, scrolling: true)
            scrollingRate.append(scrolled.photosPerSecondWhileScrolling)
            workP99.append(scrolled.workP99)
            late.append(scrolled.late)
            // The same scroll of the same gallery with no export, side by side: what the list costs alone.
            let alone = try exportOnce(manifest, scrolling: true, exporting: false)
            baseWorkP99.append(alone.workP99)
            baseLate.append(alone.late)
            // The baseline build's export under the same scroll, right after: the late frames
            // side by side.
            if let baselineBinary {
                let base = try exportOnce(manifest, scrolling: true, executable: baselineBinary)
                baseRate.append(base.photosPerSecondWhileScrolling)
                baseWithExportP99.append(base.workP99)
                baseWithExportLate.append(base.late)
            }
        }
        let ratio = zip(magickSeconds, appSeconds).map { $0 / $1 }
        let note = "mogrify is /usr/bin/mogrify (ImageMagick 6, OpenMP); both read the same files and write JPEG"
        let baseline = baselineBinary == nil ? [] : [
            Result(name: "baseline: export while the list scrolls: photos per second", unit: "photos/s", values: baseRate),
            Result(name: "baseline: export while the list scrolls: frame work p99", unit: "ms", values: baseWithExportP99),
            Result(name: "baseline: export while the list scrolls: frames over 25 ms", unit: "frames", values: baseWithExportLate),
        ]
        return [
            Result(name: "export 200 × 12 MP JPEG → sepia JPEG: the app (list idle)", unit: "s", values: appSeconds),
            Result(name: "export 200 × 12 MP JPEG → sepia JPEG: ImageMagick mogrify -sepia-tone 80%", unit: "s", values: magickSeconds, note: note),
            Result(name: "export ÷ ImageMagick mogrify (the app's photos per second over mogrify's)", unit: "×", values: ratio,
                   target: "≥ 10", met: { $0 >= 10 }),
            Result(name: "export: photos written of 200", unit: "photos", values: written, target: "200", met: { $0 == 200 }),
            Result(name: "export: the app's peak RSS", unit: "MB", values: peakRSS, target: "< 800", met: { $0 < 800 }),
            Result(name: "export: the app's and its decoding helpers' peak RSS, added", unit: "MB", values: withHelpers),
            Result(name: "export while the list scrolls: photos per second", unit: "photos/s", values: scrollingRate),
            Result(name: "export while the list scrolls: frame work p99", unit: "ms", values: workP99, target: "≤ 8", met: { $0 <= 8 }),
            Result(name: "export while the list scrolls: frames over 25 ms", unit: "frames", values: late, target: "0", met: { $0 == 0 }),
            Result(name: "the same scroll with no export: frame work p99", unit: "ms", values: baseWorkP99),
            Result(name: "the same scroll with no export: frames over 25 ms", unit: "frames", values: baseLate),
            Result(name: "… frame work p99 with the export − without", unit: "ms", values: zip(workP99, baseWorkP99).map { $0 - $1 }),
        ] + baseline
    }

    private struct ExportRun {
        var seconds = Double.nan, written = 0.0, peakRSS = Double.nan, peakWithHelpers = Double.nan
        var photosPerSecondWhileScrolling = Double.nan, workP99 = Double.nan, late = Double.nan
    }

    /// One export by the app, from `export-started` to `export-ended` in its trace; with
    /// `scrolling`, the list is scrolled with the wheel for the first 8 s of it.
    private func exportOnce(_ manifest: URL, scrolling: Bool, exporting: Bool = true, executable: String? = nil) throws -> ExportRun {
        let out = TemporaryFiles.url("bench-export-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let app = try launch(exporting ? ["--export-to", out.path, "--export-format", "jpeg"] : [], probe: scrolling, manifest: manifest.path,
                         executable: executable)
        defer { app.stop() }
        var run = ExportRun()
        if scrolling {
            try xvfb.run("xdotool", ["mousemove", "180", "300"])
            if exporting { _ = app.trace.wait(timeout: 30) { $0.contains { $0.name == .exportStarted } } }
            let inputStart = ProcessInfo.processInfo.systemUptime
            let before = progress(app)
            var down = true
            while ProcessInfo.processInfo.systemUptime - inputStart < 8 {
                try xvfb.run("xdotool", ["click", "--repeat", "125", "--delay", "12", down ? "5" : "4"])
                usleep(400_000)
                down.toggle()
            }
            let inputEnd = ProcessInfo.processInfo.systemUptime
            run.photosPerSecondWhileScrolling = Double(progress(app) - before) / (inputEnd - inputStart)
            usleep(300_000)
            let (frames, work) = FrameFigures.intervals(app.trace.events, window: inputStart...inputEnd)
            run.workP99 = percentile(work, 99)
            run.late = Double(frames.filter { $0 > FrameFigures.missedVblankMs }.count)
            for frame in FrameFigures.lateFrames(app.trace.events, window: inputStart...inputEnd) {
                print("  frame over 25 ms, scrolling \(exporting ? "with" : "without") the export\(executable == nil ? "" : " (baseline)"): \(String(format: "%.1f", frame.ms)) ms since the last "
                      + "(its work \(String(format: "%.1f", frame.work)) ms); main thread waiting for a CPU meanwhile "
                      + "\(frame.waited.map { String(format: "%.1f", $0) } ?? "–") ms; longest stall in it \(String(format: "%.1f", frame.stall)) ms")
            }
        }
        guard exporting else { return run }
        guard app.trace.wait(timeout: 900, until: { $0.contains { $0.name == .exportEnded } }) else { throw BenchError("the export did not end") }
        let events = app.trace.events
        if let started = events.first(where: { $0.name == .exportStarted }), let ended = events.last(where: { $0.name == .exportEnded }),
           case .exportEnded(let count, _, _, _, _) = ended.event {
            run.seconds = ended.t - started.t
            run.written = Double(count)
        }
        run.peakRSS = ProcReaders.peakRSS(pid: app.process.processIdentifier)
        run.peakWithHelpers = ProcReaders.peakRSSWithHelpers(pid: app.process.processIdentifier)
        return run
    }

    /// Photos written or failed so far.
    private func progress(_ app: AppProcess) -> Int {
        guard case .exportProgress(let written, let failed, _)? = app.trace.events.last(where: { $0.name == .exportProgress })?.event else { return 0 }
        return written + failed
    }
}
