// Why this exists: what decoding in a sandboxed helper costs against decoding in the process, side by side in one run: a helper's start-up (bubblewrap, the program, every loader, the filter), the time one image adds (a tiny PNG, where the decode itself is nothing, and 12 MP photos), and cold row thumbnails of 12 MP photos two at a time, as the list makes them.
import DecodeHelper
import Foundation
import GLibRuntime
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport

public enum SandboxBench {
    /// `baselineApp`: another build (`--baseline-app`), whose helper's start is timed side by side.
    public static func run(repetitions: Int, photos: LargePhotos, app: String, baselineApp: String? = nil) -> [Result] {
        guard let jpeg = photos.files["coffee-12mp.jpg"], let big = TestImages.decode(jpeg) else { return [] }
        let png = TestImages.encode(big, type: "png")
        let tiny = TestImages.encoded(width: 16, height: 16) { x, y in [UInt8(x * 16), UInt8(y * 16), 128] }
        var results: [Result] = []

        // Start-up: a pool of one, started and stopped, again and again; each time also with
        // every loader loaded before the filter, as helpers started until issue 58.
        var startMs: [Double] = [], preloadedMs: [Double] = [], baselineMs: [Double] = [], sandboxed = true
        for _ in 0..<max(repetitions, 5) * 2 {
            for (preload, build) in [(false, app), (true, app)] + (baselineApp.map { [(false, $0)] } ?? []) {
                if preload { setenv(HelperLaunch.preloadVariable, "1", 1) } else { unsetenv(HelperLaunch.preloadVariable) }
                let pool = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: build)), size: 1)
                let ms = timeIt(1) { _ = pool.startOne() }.map { $0 * 1000 }
                if preload { preloadedMs += ms } else if build == app { startMs += ms } else { baselineMs += ms }
                if case .unavailable = pool.sandboxState { sandboxed = false }
                pool.stopAll()
            }
        }
        unsetenv(HelperLaunch.preloadVariable)
        let place = sandboxed ? "in bubblewrap" : "without bubblewrap (it cannot run here)"
        let start = Result(name: "a decoding helper's start-up (bubblewrap, the program, the filter; each loader loaded by its first photo)", unit: "ms",
                           values: startMs, target: "≤ 20", met: { $0 <= 20 }, note: place)
        results.append(start)
        results.append(Result(name: "… with every loader loaded first, as before issue 58", unit: "ms", values: preloadedMs, note: place))
        if let baselineApp, !baselineMs.isEmpty {
            let baseline = Result(name: "… the baseline build's helper, side by side", unit: "ms", values: baselineMs, note: baselineApp)
            results.append(baseline)
            results.append(Result(name: "… this build's start ÷ the baseline's (medians)", unit: "×", values: [start.median / baseline.median]))
        }

        // One image at a time, the same decoder here and in a warm helper, interleaved.
        let pool = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: app)), size: 1)
        defer { pool.stopAll() }
        pool.startOne()
        var failures = 0
        for (label, data, side) in [("16 × 16 PNG", tiny, 256), ("12 MP JPEG", jpeg, 256), ("12 MP PNG", png, 256), ("12 MP JPEG, full size,", jpeg, 8192)] {
            var decoder = ImageDecoder(maxDimension: side)
            decoder.origin = "file:"
            var here: [Double] = [], helper: [Double] = [], report = ImageDecoder.Report()
            _ = try? decoder.decodeHere(data, report: &report, parsers: LinkedParsers.libraries)
            for _ in 0..<max(repetitions, 5) {
                here += timeIt(1) { if (try? decoder.decodeHere(data, report: &report, parsers: LinkedParsers.libraries)) == nil { failures += 1 } }
                helper += timeIt(1) { if (try? decoder.decode(in: pool, data, report: &report)) == nil { failures += 1 } }
            }
            let what = side == 256 ? "→ 256 px thumbnail" : "decoded whole (36 MB of pixels back)"
            results.append(Result(name: "\(label) \(what), decoded in the process", unit: "ms", values: here.map { $0 * 1000 }))
            results.append(Result(name: "\(label) \(what), decoded in a warm helper", unit: "ms", values: helper.map { $0 * 1000 }))
            results.append(Result(name: "… the helper's overhead per image, \(label)", unit: "ms", values: zip(helper, here).map { ($0 - $1) * 1000 }))
        }

        results.append(Result(name: "decodes that failed (every one above must succeed)", unit: "decodes", values: [Double(failures)],
                              target: "0", met: { $0 == 0 }))

        // Cold row thumbnails of 12 MP photos, two at a time (the list's download queue on 2 cores).
        let photosToDecode = Array(repeating: jpeg, count: 24)
        let pair = HelperPool(launch: HelperLaunch(executable: HelperLaunch.helperExecutable(besideApp: app)), size: 2)
        defer { pair.stopAll() }
        pair.startOne(); pair.startOne()
        var hereRate: [Double] = [], helperRate: [Double] = []
        for _ in 0..<repetitions {
            hereRate.append(Double(photosToDecode.count) / (timeIt(1) { decodeTwoAtATime(photosToDecode, pool: nil) }.first ?? .nan))
            helperRate.append(Double(photosToDecode.count) / (timeIt(1) { decodeTwoAtATime(photosToDecode, pool: pair) }.first ?? .nan))
        }
        results.append(Result(name: "cold 12 MP JPEG row thumbnails, two at a time, in the process", unit: "photos/s", values: hereRate))
        results.append(Result(name: "cold 12 MP JPEG row thumbnails, two at a time, in two helpers", unit: "photos/s", values: helperRate))
        // Issue 58's target; the app's thumbnails against GNOME's factory are FolderBench's.
        results.append(Result(name: "… helpers ÷ in the process", unit: "×", values: zip(helperRate, hereRate).map { $0 / $1 },
                              target: "≥ 0.9", met: { $0 >= 0.9 }))
        return results
    }

    /// Decode every photo to a 256 px thumbnail on two threads, here or in `pool`'s helpers.
    static func decodeTwoAtATime(_ photos: [Data], pool: HelperPool?) {
        let next = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            var decoder = ImageDecoder(maxDimension: 256)
            decoder.origin = "file:"
            var report = ImageDecoder.Report()
            while true {
                let index = next.withLock { value -> Int in defer { value += 1 }; return value }
                guard index < photos.count else { return }
                if let pool { _ = try? decoder.decode(in: pool, photos[index], report: &report) } else { _ = try? decoder.decodeHere(photos[index], report: &report, parsers: LinkedParsers.libraries) }
            }
        }
    }
}
