// Why this exists: benchmark 6, peak memory scrolling 2,000 rows of 12-megapixel photos, downscaled while decoding against decoded whole.
import Foundation
import PhotoPipeline
import TestAndBenchSupport

extension AppBench {
    public func memory() throws -> [Result] {
        var peaks: [String: [Double]] = [:], withHelpers: [Double] = []
        let manifest = server.baseURL.absoluteString + "/gallery.json?count=2000&delay=100&only=12"
        for _ in 0..<repetitions {
            for (label, arguments) in [("downscale at decode", [String]()), ("full decode", ["--full-decode"])] {
                let app = try launch(arguments, manifest: manifest)
                defer { app.stop() }
                try fling(app, to: 1990, clicks: 12, pause: 250_000)
                usleep(1_500_000)
                peaks[label, default: []].append(ProcReaders.peakRSS(pid: app.process.processIdentifier))
                if arguments.isEmpty { withHelpers.append(ProcReaders.peakRSSWithHelpers(pid: app.process.processIdentifier)) }
            }
        }
        let fast = peaks["downscale at decode"] ?? [], full = peaks["full decode"] ?? []
        return [
            Result(name: "peak RSS, 2,000 rows of 12 MP, downscale at decode", unit: "MB", values: fast, target: "≤ 300", met: { $0 <= 300 }),
            Result(name: "peak RSS, 2,000 rows of 12 MP, full decode", unit: "MB", values: full),
            Result(name: "… downscale at decode: the app's and its decoding helpers' peaks, added", unit: "MB", values: withHelpers),
        ]
    }
}
