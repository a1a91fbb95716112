// Why this exists: a share sorted by date taken, over a slow link: 10,000 camera-sized JPEGs with EXIF dates on SFTP (sshd through GVfs, shaped to 20 Mbit/s and a 40 ms round trip), their dates read on the first visit (ranged reads through GIO), and the second visit sorted by date from the index against the same share sorted by name, side by side, each from launch.
import Foundation
import PhotoTrace
import TestAndBenchSupport

extension AppBench {
    public func shareDates() throws -> [Result] {
        let server = try SFTPServer()
        defer { server.close() }
        // 10,000 photos (hard links to one 1200 × 800 JPEG with a date taken: each is read as a file of its own).
        let first = server.folder.appendingPathComponent("IMG_00000.jpg")
        try TestImages.noiseJPEG(width: 1200, height: 800).write(to: first)
        let dated = try Tool.run("/usr/bin/exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 10:00:00", first.path])
        guard dated.status == 0 else { throw BenchError("exiftool: \(dated.output)") }
        for index in 1..<10_000 { _ = link(first.path, server.folder.appendingPathComponent(String(format: "IMG_%05d.jpg", index)).path) }
        let slow = try SlowLink(to: server.port, roundTripMs: 40, megabits: 20)
        defer { slow.close() }
        let uri = "sftp://root@127.0.0.1:\(slow.port)\(server.folder.path)/"
        var firstVisit: [Double] = [], byDate: [Double] = [], byName: [Double] = [], sortMs: [Double] = []
        for _ in 0..<repetitions {
            let cache = TemporaryFiles.url("bench-share-dates-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: cache) }
            /// Launch on the share in `order`: the trace once `until` holds (nil: it never did).
            func visit(_ order: String, timeout: Double, until: @escaping ([TraceRecord]) -> Bool) throws -> [TraceRecord]? {
                let bus = try SessionBus(withoutServices: SessionBus.portalServices, shortPath: true)
                bus.startServices([], environment: ["SSH_AUTH_SOCK": server.agentSocket])
                let process = try AppProcess(display: xvfb.display, arguments: ["--sort", order, uri],
                                             environment: ["G_DEBUG": "", "XDG_CACHE_HOME": cache.path], executable: binary, bus: bus)
                defer { process.stop() }
                return process.trace.wait(timeout: timeout, until: until) ? process.trace.events : nil
            }
            func sortedAt(_ events: [TraceRecord], _ order: String) -> Double? {
                events.first { if case .sorted(order, 10_000, _, _) = $0.event { return true } else { return false } }?.t
            }
            // The first visit: every date read from the photos (the figure the app gives).
            let read = try visit("date-taken", timeout: 900) { $0.contains { if case .datesRead(_, 10_000, _) = $0.event { return true } else { return false } } }
            if let read, case .datesRead(_, _, let ms)? = read.first(where: { $0.name == .datesRead && $0.event != .datesRead(fromIndex: 0, fromFiles: 0, ms: 0) })?.event {
                firstVisit.append(ms)
            }
            // Then side by side: the second visit by date (the index), and by name.
            let date = try visit("date-taken", timeout: 120) { sortedAt($0, "date-taken") != nil }
            let name = try visit("name", timeout: 120) { sortedAt($0, "name") != nil }
            if let date, let name, let d = sortedAt(date, "date-taken"), let n = sortedAt(name, "name") {
                byDate.append(d * 1000)
                byName.append(n * 1000)
                if case .sorted(_, _, let ms, _)? = date.first(where: { if case .sorted("date-taken", 10_000, _, _) = $0.event { return true } else { return false } })?.event { sortMs.append(ms) }
            }
        }
        return [
            Result(name: "share (SFTP, 20 Mbit/s, 40 ms), 10,000 JPEGs: first visit, every date taken read", unit: "ms", values: firstVisit),
            Result(name: "… per photo", unit: "ms", values: firstVisit.map { $0 / 10_000 }),
            Result(name: "second visit: launch to the rows in date order (dates from the index)", unit: "ms", values: byDate),
            Result(name: "… its sort, the index read included", unit: "ms", values: sortMs),
            Result(name: "the same share: launch to the rows in name order", unit: "ms", values: byName),
            Result(name: "… by date ÷ by name, second visit", unit: "×", values: zip(byDate, byName).map { $0 / $1 }, target: "≤ 1.2", met: { $0 <= 1.2 }),
        ]
    }
}
