// Why this exists: the benchmark gallery: sample photos scaled up to 2–12 megapixels as JPEGs, served from 127.0.0.1 with latency.
import Foundation
import TestAndBenchSupport

public final class LargePhotos: Sendable {
    /// Megapixel sizes served, cycled over the rows.
    public static let megapixels = [2, 4, 8, 12]
    static let sources = ["astronaut.png", "chelsea.png", "coffee.png", "hubble_deep_field.jpg", "rocket.jpg", "retina.jpg"]

    /// name → JPEG bytes ("astronaut-12mp.jpg").
    public let files: [String: Data]
    public var names: [String] { files.keys.sorted() }

    /// Scale each source to each size (3:2) and encode as JPEG; `only` restricts the sizes.
    public init(only sizes: [Int] = LargePhotos.megapixels) {
        var files: [String: Data] = [:]
        for source in Self.sources {
            let data = SamplePhotos.data(source)
            let original = TestImages.decode(data)!
            for mp in sizes {
                let width = Int((Double(mp) * 1_000_000 * 1.5).squareRoot())
                let height = mp * 1_000_000 / width
                let scaled = original.scaled(width: width, height: height)!
                let stem = (source as NSString).deletingPathExtension
                files["\(stem)-\(mp)mp.jpg"] = TestImages.encode(scaled, type: "jpeg")
            }
        }
        self.files = files
    }

    /// `/big/NAME` serves a photo; `/gallery.json?count=N&delay=MS` lists N rows cycling the photos.
    public func route() -> TestServer.Route {
        let files = self.files
        let names = self.names
        return { path, query in
            var plan = ServerPlan()
            if path == "/gallery.json" {
                let count = Int(query["count"] ?? "") ?? 2000
                let delay = query["delay"] ?? "100"
                // only=12: just the 12-megapixel photos (the memory benchmark).
                let chosen = query["only"].map { size in names.filter { $0.hasSuffix("-\(size)mp.jpg") } } ?? names
                // cache=1: the photos say they stay fresh for a day and carry an ETag, as photo hosts do.
                let cache = query["cache"].map { "&cache=\($0)" } ?? ""
                // shared=N: only N distinct URLs (rows share them).
                let shared = Int(query["shared"] ?? "")
                let items = (0..<count).map { row in
                    let id = shared.map { row % $0 } ?? row
                    return "{\"name\": \"Photo \(row)\", \"url\": \"big/\(chosen[id % chosen.count])?row=\(id)&delay=\(delay)\(cache)\"}"
                }
                plan.body = Data(("[\n" + items.joined(separator: ",\n") + "\n]\n").utf8)
                plan.contentType = "application/json"
                return plan
            }
            plan.delayMs = UInt32(query["delay"] ?? "") ?? 0
            if path.hasPrefix("/big/"), let data = files[String(path.dropFirst(5))] {
                plan.body = data
                plan.contentType = "image/jpeg"
                if query["cache"] == "1" { plan.headers = ["Cache-Control": "max-age=86400", "ETag": "\"\(path)\""] }
            } else {
                plan.status = 404
            }
            return plan
        }
    }
}
