// Why this exists: the viewer's benchmarks: activation to the first frame (the thumbnail scaled up) and to the full 12 MP JPEG in sepia from disk, the next photo when preloaded, and peak memory while moving through 50 photos of 12 MP.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    /// A local gallery of `count` rows cycling through the 12 MP JPEGs (written to disk once).
    func viewerGallery(_ photos: LargePhotos, count: Int) throws -> URL {
        let folder = TemporaryFiles.url("bench-viewer")
        let manifest = folder.appendingPathComponent("viewer-\(count).json")
        if FileManager.default.fileExists(atPath: manifest.path) { return manifest }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let names = photos.names.filter { $0.hasSuffix("-12mp.jpg") }
        for name in names { try photos.files[name]!.write(to: folder.appendingPathComponent(name)) }
        let rows = (0..<count).map { #"{"name": "Photo \#($0)", "url": "\#(names[$0 % names.count])"}"# }
        try Data(("[" + rows.joined(separator: ",\n") + "]").utf8).write(to: manifest)
        return manifest
    }

    /// Frames (probe `frame` events) that began after `t`, up to and including the first that
    /// began after `shown` (the frame that drew what was set at `shown`).
    func frames(_ app: AppProcess, after t: Double, showing shown: Double) -> (count: Int, end: Double)? {
        let frames = events(app, .frame).filter { $0.t > t }
        guard let drawn = frames.firstIndex(where: { $0.t >= shown }) else { return nil }
        return (drawn + 1, frames[drawn].t)
    }

    public func viewer(_ photos: LargePhotos) throws -> [Result] {
        let manifest = try viewerGallery(photos, count: 50)
        // The decoded size of one 12 MP photo (RGB), the unit of the memory target.
        let fullImageMB = 12.0 * 3
        var thumbnailFrames: [Double] = [], thumbnailMs: [Double] = [], fullMs: [Double] = [], nextFrames: [Double] = []
        var peakImages: [Double] = [], peakMB: [Double] = [], fullResolutionMs: [Double] = []
        for _ in 0..<repetitions {
            let app = try launch(probe: true, manifest: manifest.path)
            defer { app.stop() }
            guard filteredScreenTime(app) != nil else { continue }
            usleep(1_500_000) // the prefetch band
            let listRSS = ProcReaders.currentRSS(pid: app.process.processIdentifier)
            let window = try app.mainWindow(on: xvfb)
            try xvfb.run("xdotool", ["windowfocus", "--sync", window])
            let before = app.trace.events.count
            try xvfb.run("xdotool", ["mousemove", "300", "90", "click", "1"])
            guard app.trace.wait(timeout: 30, until: { events in events.dropFirst(before).contains { $0.name == .fullImage } }),
                  let opened = events(app, .viewer).last, let full = events(app, .fullImage).last else { continue }
            _ = app.trace.wait(timeout: 5) { $0.last { $0.name == .frame }.map { $0.t > full.t } ?? false }
            if let first = frames(app, after: opened.t, showing: opened.t) {
                thumbnailFrames.append(Double(first.count))
                thumbnailMs.append((first.end - opened.t) * 1000)
            }
            if let drawn = frames(app, after: opened.t, showing: full.t) { fullMs.append((drawn.end - opened.t) * 1000) }
            var peak = ProcReaders.currentRSS(pid: app.process.processIdentifier)
            // 1 (100 %): the screen-sized image is replaced by the full 12 MP one.
            let zoomMark = app.trace.events.count
            try xvfb.run("xdotool", ["key", "1"])
            if app.trace.wait(timeout: 20, until: { events in
                events.dropFirst(zoomMark).contains { if case .fullImage(0, let width, _, _, _, _) = $0.event { return width >= 4000 } else { return false } }
            }), let sharp = app.trace.events.dropFirst(zoomMark).first(where: { $0.name == .fullImage }) {
                _ = app.trace.wait(timeout: 5) { $0.last { $0.name == .frame }.map { $0.t > sharp.t } ?? false }
                // Timed from the first frame after the key (the probe keeps frames coming every 16 ms).
                let keyEvent = app.trace.events.dropFirst(zoomMark).first { $0.name == .frame }
                if let keyEvent, let drawn = frames(app, after: keyEvent.t - 0.001, showing: sharp.t) {
                    fullResolutionMs.append((drawn.end - keyEvent.t) * 1000)
                }
            }
            peak = max(peak, ProcReaders.currentRSS(pid: app.process.processIdentifier))
            // Right through the gallery, each time once the next photo is preloaded.
            for row in 1..<50 {
                _ = app.trace.wait(timeout: 20) { $0.contains { $0.event == .finished(queue: .viewer, row: row) } }
                let mark = app.trace.events.count
                try xvfb.run("xdotool", ["key", "Right"])
                guard app.trace.wait(timeout: 20, until: { events in
                    events.dropFirst(mark).contains { if case .fullImage(row, _, _, _, _, _) = $0.event { return true } else { return false } }
                }) else { break }
                let moved = app.trace.events.dropFirst(mark).first { $0.event == .viewer(row: row, action: .moved) }
                let shown = app.trace.events.dropFirst(mark).first { $0.name == .fullImage }
                _ = app.trace.wait(timeout: 5) { $0.last { $0.name == .frame }.map { $0.t > (shown?.t ?? 0) } ?? false }
                if let moved, let shown, let drawn = frames(app, after: moved.t, showing: shown.t) { nextFrames.append(Double(drawn.count)) }
                peak = max(peak, ProcReaders.currentRSS(pid: app.process.processIdentifier))
            }
            peakMB.append(peak - listRSS)
            peakImages.append((peak - listRSS) / fullImageMB)
        }
        return [
            Result(name: "viewer: activation → first frame (the thumbnail scaled up)", unit: "frames", values: thumbnailFrames,
                   target: "≤ 1", met: { $0 <= 1 }),
            Result(name: "viewer: … in ms", unit: "ms", values: thumbnailMs),
            Result(name: "viewer: activation → frame with the 12 MP JPEG in sepia, decoded to fit the screen (file on disk)", unit: "ms",
                   values: fullMs, target: "≤ 150", met: { $0 <= 150 }),
            Result(name: "viewer: 1 (100 %) → frame with the full 12 MP image (from the bytes held)", unit: "ms", values: fullResolutionMs),
            Result(name: "viewer: next photo, preloaded → its frame", unit: "frames", values: nextFrames, target: "≤ 2", met: { $0 <= 2 }),
            Result(name: "viewer: peak RSS above the list's, one photo at 100 % then through 50 photos of 12 MP", unit: "MB", values: peakMB),
            Result(name: "viewer: … in full images (12 MP × 3 bytes = 36 MB)", unit: "images", values: peakImages, target: "≤ 3", met: { $0 <= 3 }),
        ]
    }
}
