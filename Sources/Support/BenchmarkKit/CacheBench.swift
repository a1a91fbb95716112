// Why this exists: the cache benchmarks: a warm second launch against the first, shared thumbnails against a cold decode of 12 MP PNGs, memory while paging through 100,000 rows, and 200 rows sharing 3 URLs.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import GLibRuntime
import PhotoPipeline
import TestAndBenchSupport
import PhotoFetching
import PhotoTrace

extension AppBench {
    /// Manifest → every row of the first screen filtered, in ms (nil if it did not happen).
    func filteredScreenTime(_ app: AppProcess) -> (ms: Double, rows: ClosedRange<Int>)? {
        guard let manifest = events(app, .manifest).first,
              app.trace.wait(timeout: 60, until: { $0.contains { $0.name == .visible } }),
              let rows = events(app, .visible).first?.event.range,
              app.trace.wait(timeout: 120, until: { _ in rows.allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } })
        else { return nil }
        let done = rows.compactMap { app.trace.finalStates[$0]?.t }.max() ?? manifest.t
        return ((done - manifest.t) * 1000, rows)
    }

    /// Photo bodies downloaded (HTTP 200 with bytes) for these rows, from the trace.
    func bodiesDownloaded(_ app: AppProcess, rows: Set<Int>) -> Int {
        app.trace.events.filter { record in
            guard case .http(let url, 200, let bytes) = record.event, bytes > 0, url.contains("/big/"),
                  let row = url.components(separatedBy: "row=").last?.split(separator: "&").first.flatMap({ Int($0) }) else { return false }
            return rows.contains(row)
        }.count
    }

    /// With `--baseline-app`, the baseline's launches alternate with this build's, side by side.
    public func warmStart() throws -> [Result] {
        var figures: [String: (cold: [Double], warm: [Double], again: [Double])] = [:]
        let builds: [(name: String, executable: String?)] = [("", nil)] + (baselineBinary.map { [(" (baseline)", $0)] } ?? [])
        for _ in 0..<repetitions {
            for build in builds {
                let home = TemporaryFiles.url("bench-cache-\(UUID().uuidString)").path
                defer { try? FileManager.default.removeItem(atPath: home) }
                let manifest = galleryURL + "&cache=1"
                let first = try launch(manifest: manifest, environment: ["XDG_CACHE_HOME": home], executable: build.executable)
                guard let firstScreen = filteredScreenTime(first) else { first.stop(); continue }
                // Let the prefetch band finish too, so the disk cache holds what the first launch loaded.
                usleep(1_500_000)
                let loaded = Set(first.trace.finalStates.filter { $0.value.state == .filtered }.keys)
                first.stop()
                let second = try launch(manifest: manifest, environment: ["XDG_CACHE_HOME": home], executable: build.executable)
                defer { second.stop() }
                guard let secondScreen = filteredScreenTime(second) else { continue }
                figures[build.name, default: ([], [], [])].cold.append(firstScreen.ms)
                figures[build.name, default: ([], [], [])].warm.append(secondScreen.ms)
                figures[build.name, default: ([], [], [])].again.append(Double(bodiesDownloaded(second, rows: loaded)))
            }
        }
        return builds.flatMap { build -> [Result] in
            let (cold, warm, again) = figures[build.name] ?? ([], [], [])
            return [
                Result(name: "first launch → filtered first screen (2,000 rows, 100 ms latency)\(build.name)", unit: "ms", values: cold),
                Result(name: "second launch → filtered first screen (warm cache)\(build.name)", unit: "ms", values: warm),
                Result(name: "warm start speed-up, first ÷ second\(build.name)", unit: "×", values: zip(cold, warm).map { $0 / $1 },
                       target: "≥ 5", met: { $0 >= 5 }),
                Result(name: "photo bodies downloaded again by the second launch for rows the first loaded\(build.name)", unit: "bodies",
                       values: again, target: "0", met: { $0 == 0 }),
            ]
        }
    }

    public func sharedURLs() throws -> [Result] {
        var downloads: [Double] = []
        for _ in 0..<repetitions {
            let manifest = server.baseURL.absoluteString + "/gallery.json?count=200&delay=100&shared=3&m=\(UUID().uuidString)"
            let before = server.requests.count
            let app = try launch(manifest: manifest)
            defer { app.stop() }
            // Down to the end, each screen allowed to load.
            try fling(app, to: 190, clicks: 12, pause: 300_000)
            usleep(1_000_000)
            downloads.append(Double(server.requests.dropFirst(before).filter { $0.hasPrefix("/big/") }.count))
        }
        return [Result(name: "downloads for 200 rows sharing 3 URLs (scrolled to the end)", unit: "downloads", values: downloads,
                       target: "3", met: { $0 == 3 })]
    }

    /// Peak RSS while paging through 100,000 rows (each screen allowed to load), against the RSS
    /// after the first screen, with a 32 MiB memory cache.
    public func pagingMemory() throws -> [Result] {
        let limitMiB = 32
        var growth: [Double] = [], margins: [Double] = []
        // A local manifest of 100,000 rows, each its own URL on the server (small photos).
        let folder = TemporaryFiles.url("bench-paging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = sampleServer
        var json = "["
        for row in 0..<100_000 {
            if row > 0 { json += ",\n" }
            json += "{\"name\":\"P\(row)\",\"url\":\"\(sample.baseURL.absoluteString)/photos/\(SamplePhotos.files[row % SamplePhotos.files.count])?row=\(row)\"}"
        }
        json += "]"
        let manifest = folder.appendingPathComponent("paging.json")
        try Data(json.utf8).write(to: manifest)
        let settings = try PersistentSettings.environment(in: folder, keys: ["memory-cache-size=\(limitMiB)"])
        for _ in 0..<max(1, repetitions / 2) {
            let app = try launch(manifest: manifest.path, environment: settings)
            defer { app.stop() }
            guard filteredScreenTime(app) != nil else { continue }
            let pid = app.process.processIdentifier
            let afterFirst = ProcReaders.currentRSS(pid: pid)
            var peak = afterFirst
            // Drag the scrollbar's slider from the top to the bottom, pausing at each step: a
            // pause settles the scroll, and the screen there loads (as a user paging would see).
            let window = try app.mainWindow(on: xvfb)
            let geometry = try xvfb.run("xdotool", ["getwindowgeometry", window])
            let size = geometry.split(separator: "\n").first { $0.contains("Geometry:") }?.split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? [720, 640]
            let x = size[0] - 6, top = 56, bottom = size[1] - 8
            try xvfb.run("xdotool", ["mousemove", "\(x)", "300", "sleep", "0.3", "mousemove", "\(x)", "\(top)", "sleep", "0.3", "mousedown", "1"])
            let steps = 150
            for step in 1...steps {
                let y = top + (bottom - top) * step / steps
                let ends = events(app, .scrollEnd).count
                try xvfb.run("xdotool", ["mousemove", "\(x)", "\(y)"])
                _ = app.trace.wait(timeout: 3) { $0.filter { $0.name == .scrollEnd }.count > ends }
                if let rows = events(app, .scrollEnd).last?.event.range {
                    _ = app.trace.wait(timeout: 10) { _ in rows.allSatisfy { [PhotoState.filtered, .failed].contains(app.trace.finalStates[$0]?.state) } }
                }
                peak = max(peak, ProcReaders.currentRSS(pid: pid))
            }
            try xvfb.run("xdotool", ["mouseup", "1"])
            let rests = events(app, .scrollEnd).compactMap { $0.event.range?.lowerBound }
            print("paging: \(rests.count) rests, down to row \(rests.max() ?? 0)")
            peak = max(peak, ProcReaders.peakRSS(pid: pid))
            growth.append(peak - afterFirst)
            margins.append(peak - afterFirst - Double(limitMiB))
        }
        return [
            Result(name: "RSS growth paging through 100,000 rows (32 MiB memory cache)", unit: "MB", values: growth),
            Result(name: "… beyond the cache limit", unit: "MB", values: margins, target: "≤ 20", met: { $0 <= 20 }),
        ]
    }
}

/// Shared thumbnails against a cold decode, on 12 MP PNGs, through the app's own download stage.
public enum ThumbnailCacheBench {
    public static func run(repetitions: Int, photos: LargePhotos) throws -> [Result] {
        let folder = TemporaryFiles.url("bench-thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The 12 MP JPEGs as PNGs on disk.
        var files: [URL] = []
        for name in photos.names where name.hasSuffix("-12mp.jpg") {
            guard let decoded = TestImages.decode(photos.files[name]!) else { continue }
            let url = folder.appendingPathComponent(name.replacingOccurrences(of: ".jpg", with: ".png"))
            try TestImages.encode(decoded, type: "png").write(to: url)
            files.append(url)
        }
        var cold: [Double] = [], warm: [Double] = []
        for repetition in 0..<repetitions {
            let caches = DiskCaches(shared: SharedThumbnails(folders: CacheFolders(home: folder.appendingPathComponent("cache-\(repetition)").path), decoders: .here), http: nil)
            let fetcher = MainActor.assumeIsolated { ResourceFetcher(http: HTTPClient()) }
            for url in files {
                let work = ImageDownloader(PhotoSource(url: url, fetcher: fetcher, caches: caches, byteLimit: 200 << 20, decoders: .here, trace: Trace()), rowPixels: 64)
                cold += timeIt(1) { _ = work.run(WorkContext(cancellable: Cancellable())) }
                warm += timeIt(1) { _ = work.run(WorkContext(cancellable: Cancellable())) }
            }
        }
        return [
            Result(name: "12 MP PNG → row thumbnail, cold (decode, save the shared thumbnail)", unit: "ms", values: cold.map { $0 * 1000 }),
            Result(name: "12 MP PNG → row thumbnail, from the shared thumbnail cache", unit: "ms", values: warm.map { $0 * 1000 }),
            Result(name: "shared thumbnail speed-up, cold ÷ cached", unit: "×", values: zip(cold, warm).map { $0 / $1 }, target: "≥ 20", met: { $0 >= 20 }),
        ]
    }
}
