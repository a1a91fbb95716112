// Why this exists: the frame targets while a slow share's rows arrive: the list scrolled over 2,000 camera-sized JPEGs on SFTP (sshd through GVfs, shaped to 20 Mbit/s and a 40 ms round trip), their previews and sepia thumbnails arriving all the while, against the same scroll over the same photos in a folder on this computer, side by side in each repetition.
import Foundation
import TestAndBenchSupport

extension AppBench {
    public func shareFrames() throws -> [Result] {
        let server = try SFTPServer()
        defer { server.close() }
        // 2,000 photos (hard links to one 2400 × 1600 JPEG with an EXIF thumbnail), on the share
        // and in a local folder.
        let local = TemporaryFiles.url("bench-share-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: local, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: local) }
        let first = server.folder.appendingPathComponent("IMG_0000.jpg")
        try TestImages.withEXIFThumbnail(TestImages.noiseJPEG(width: 2400, height: 1600), thumbnail: TestImages.halvesThumbnail()).write(to: first)
        for index in 0..<2_000 {
            let name = String(format: "IMG_%04d.jpg", index)
            if index > 0 { _ = link(first.path, server.folder.appendingPathComponent(name).path) }
            _ = link(first.path, local.appendingPathComponent(name).path)
        }
        let slow = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { slow.close() }
        let uri = "sftp://root@127.0.0.1:\(slow.port)\(server.folder.path)/"
        let share = ScrollMode(name: "a slow share's folder", arguments: [], renderer: "", gallery: uri,
                               busEnvironment: ["SSH_AUTH_SOCK": server.agentSocket])
        let here = ScrollMode(name: "the same photos in a local folder", arguments: [], renderer: "", gallery: local.path)
        var runs: [String: [ScrollRun]] = [:]
        for repetition in 0..<repetitions {
            // A new cache each time: no thumbnail is known, so rows arrive while the list scrolls.
            for mode in [share, here] {
                let cache = TemporaryFiles.url("bench-share-frames-cache-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: cache) }
                runs[mode.name, default: []].append(try scroll(mode, repetition: repetition, environment: ["XDG_CACHE_HOME": cache.path]))
            }
        }
        var results: [Result] = []
        for mode in [share, here] {
            let name = mode.name, done = runs[name] ?? []
            let isShare = mode.gallery == uri
            results.append(Result(name: "frame interval p99 scrolling, \(name)", unit: "ms", values: done.map(\.p99)))
            results.append(Result(name: "frames over 25 ms, \(name)", unit: "frames", values: done.map(\.late),
                                  target: isShare ? "0" : nil, met: isShare ? { $0 == 0 } : nil))
            results.append(Result(name: "frame work p99, \(name)", unit: "ms", values: done.map(\.workP99),
                                  target: isShare ? "≤ 8" : nil, met: isShare ? { $0 <= 8 } : nil))
            results.append(Result(name: "longest main-loop stall, \(name)", unit: "ms", values: done.map(\.stall)))
        }
        results.append(Result(name: "… frame work p99, the share ÷ the local folder", unit: "×",
                              values: zip(runs[share.name] ?? [], runs[here.name] ?? []).map { $0.workP99 / $1.workP99 }))
        return results
    }
}
