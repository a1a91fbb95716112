// Why this exists: where tests find the bundled sample photos and the source tree, and a route serving them with faults.
import Foundation

public enum SamplePhotos {
    /// The repository root (this file is Sources/Support/TestAndBenchSupport/SamplePhotos.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let directory = repositoryRoot.appendingPathComponent("data/sample-gallery/photos")
    public static let sampleManifest = repositoryRoot.appendingPathComponent("data/sample-gallery/ClassicPhotos.plist")

    /// The sample photo files, sorted.
    public static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
    }

    public static func data(_ name: String) -> Data {
        (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
    }

    /// Serves `/photos/NAME` from the sample folder and `/gallery.json?count=N&delay=MS`, a
    /// generated manifest of N rows cycling through the photos (`manifestdelay=MS` delays the
    /// manifest itself). Any request may carry
    /// `delay=MS`, `status=CODE`, `fault=truncate|stall|trickle|hangup|html`.
    public static let route: TestServer.Route = { path, query in
        var plan = ServerPlan()
        plan.delayMs = UInt32(query["delay"] ?? "") ?? 0
        if path == "/gallery.json" {
            let count = Int(query["count"] ?? "") ?? 100
            // delay, cache and m (a marker tests count requests by) go on to every photo.
            let delay = ["delay", "cache", "m"].compactMap { key in query[key].map { "&\(key)=\($0)" } }.joined()
            // faultrate=P: P % of rows (every 100/P-th) get a fault, cycling through the kinds.
            let faultEvery = (Int(query["faultrate"] ?? "") ?? 0) > 0 ? 100 / Int(query["faultrate"]!)! : 0
            let faults = ["&status=404", "&status=500", "&fault=truncate", "&fault=html", "&fault=stall", "&status=503"]
            let names = files
            let items = (0..<count).map { row in
                let fault = faultEvery > 0 && row % faultEvery == faultEvery - 1 ? faults[(row / faultEvery) % faults.count] : ""
                return "{\"name\": \"Photo \(row)\", \"url\": \"photos/\(names[row % names.count])?row=\(row)\(delay)\(fault)\"}"
            }
            // The manifest itself arrives after `manifestdelay` ms (a slow server).
            plan.delayMs = UInt32(query["manifestdelay"] ?? "") ?? 0
            plan.body = Data(("[\n" + items.joined(separator: ",\n") + "\n]\n").utf8)
            plan.contentType = "application/json"
            return plan
        }
        if path == "/local.json" { // a remote gallery that tries to reach local files
            plan.body = Data(#"[{"name": "absolute", "url": "file:///etc/hostname"}, {"name": "relative", "url": "../../../../etc/hostname"}, {"name": "fine", "url": "photos/horse.png"}]"#.utf8)
            plan.contentType = "application/json"
            return plan
        }
        if path == "/loop" { // a redirect loop
            plan.status = 302
            plan.headers = ["Location": "/loop"]
            return plan
        }
        guard path.hasPrefix("/photos/") else { plan.status = 404; plan.body = Data("not found".utf8); return plan }
        let name = String(path.dropFirst("/photos/".count))
        plan.body = data(name)
        plan.contentType = name.hasSuffix(".jpg") ? "image/jpeg" : "image/png"
        if plan.body.isEmpty { plan.status = 404; plan.body = Data("<html>Not Found</html>".utf8); plan.contentType = "text/html" }
        if let status = query["status"].flatMap(UInt32.init) {
            plan.status = status
            plan.body = Data("<html><body>Error \(status)</body></html>".utf8)
            plan.contentType = "text/html"
        }
        // cache=max-age (fresh for an hour), no-cache (revalidate every time), no-store (never
        // keep); etag=E gives the ETag (the server answers 304 when a request's If-None-Match matches).
        switch query["cache"] {
        case "max-age": plan.headers["Cache-Control"] = "max-age=3600"
        case "no-cache": plan.headers["Cache-Control"] = "no-cache"
        case "no-store": plan.headers["Cache-Control"] = "no-store"
        default: break
        }
        if let etag = query["etag"] { plan.headers["ETag"] = "\"\(etag)\"" }
        switch query["fault"] {
        case "truncate": plan.mode = .truncate
        case "stall": plan.mode = .stall
        case "hangup": plan.mode = .hangUp
        case "trickle": plan.mode = .trickle(intervalMs: 200)
        case "html": plan.body = Data("<html><body>Sorry</body></html>".utf8); plan.contentType = "image/png"
        case "bomb": plan.status = 200; plan.body = TestImages.pngBomb(); plan.contentType = "image/png"
        case "empty": plan.status = 200; plan.body = Data()
        default: break
        }
        return plan
    }
}
