// Why this exists: the HTTP cache against a real libsoup server: a fresh entry costs no request, a stale or no-cache one a conditional GET (a 304 costs no body), no-store is never kept, a changed photo replaces its entry; the thumbnail is kept as pixels read without a decoder, and an older entry's PNG still loads; corrupt files are misses, an unwritable folder is no cache, two writers lose nothing, and the folder stays within its limit.
import CGdkPixbuf
import DecodeHelper
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class HTTPCacheTests: XCTestCase {
    /// The photo served at /changing.png and its ETag, changed by the tests.
    final class Changing: @unchecked Sendable {
        let lock = NSLock()
        var file = "coffee.png", etag = "\"one\""
    }
    static let changing = Changing()
    static let server = try! TestServer { path, query in
        if path == "/changing.png" {
            let (file, etag) = changing.lock.withLock { (changing.file, changing.etag) }
            return ServerPlan(body: SamplePhotos.data(file), contentType: "image/png", headers: ["ETag": etag, "Cache-Control": "no-cache"])
        }
        return SamplePhotos.route(path, query)
    }
    var folder: URL!
    var folders: CacheFolders!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("http-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders = CacheFolders(home: folder.path)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func url(_ path: String) -> URL { URL(string: Self.server.baseURL.absoluteString + path)! }

    /// `trace`: where the exchange is said.
    func load(_ url: URL, cache: HTTPDiskCache? = nil, trace: Trace = Trace()) -> StageOutcome {
        let caches = DiskCaches(shared: nil, http: cache ?? HTTPDiskCache(folders: folders, limit: 64 << 20))
        return MainActor.assumeIsolated {
            ImageDownloader(PhotoSource(url: url, fetcher: ResourceFetcher(http: HTTPClient(configuration: .traced(in: trace))), caches: caches, byteLimit: 50 << 20, decoders: .here, trace: trace), rowPixels: 64)
                .run(WorkContext(cancellable: Cancellable()))
        }
    }

    func source(_ outcome: StageOutcome) -> String {
        switch outcome {
        case .image(_, let from): return from?.rawValue ?? "filter"
        case .failed(let reason): return "failed: \(reason)"
        case .cancelled: return "cancelled"
        case .written(let bytes): return "written \(bytes)"
        case .preview(let image): return image == nil ? "no preview" : "preview"
        }
    }

    func requests(_ path: String) -> Int { Self.server.requests.filter { $0.hasPrefix(path) }.count }

    func testAFreshEntryNeedsNoRequest() {
        let photo = url("/photos/coffee.png?cache=max-age&n=\(UUID().uuidString)")
        XCTAssertEqual(source(load(photo)), "network")
        let before = Self.server.requests.count
        XCTAssertEqual(source(load(photo)), "http-cache")
        XCTAssertEqual(Self.server.requests.count, before, "no request at all")
    }

    /// The thumbnail is kept as pixels the app reads itself (no decoder, no helper), and an
    /// entry written before, with a PNG, still loads.
    func testTheThumbnailIsKeptAsPixelsAndAnOlderPNGEntryStillLoads() throws {
        let cache = HTTPDiskCache(folders: folders, limit: 64 << 20)
        let photo = url("/photos/coffee.png?cache=max-age&n=\(UUID().uuidString)")
        XCTAssertEqual(source(load(photo, cache: cache)), "network")
        let entry = try XCTUnwrap(cache.entry(for: photo.absoluteString))
        let layout = try XCTUnwrap(entry.header.thumbnailPixels, "pixels, not a PNG")
        XCTAssertFalse(entry.thumbnail.starts(with: PNGFile.signature))
        let pixbuf = try XCTUnwrap(CachedPixels.decode(entry.thumbnail, layout: layout, maxSide: entry.header.thumbnailBox))
        XCTAssertEqual([pixbuf.width, pixbuf.height], [layout.width, layout.height])
        XCTAssertEqual(source(load(photo, cache: cache)), "http-cache")

        let older = url("/photos/coffee.png?cache=max-age&n=\(UUID().uuidString)")
        let png = try PNGFile.encode(pixbuf)
        cache.store(url: older.absoluteString, freshness: entry.header.freshness, contentType: "image/png",
                    body: SamplePhotos.data("coffee.png"), thumbnail: png, box: entry.header.thumbnailBox)
        XCTAssertNil(cache.entry(for: older.absoluteString)?.header.thumbnailPixels)
        let before = Self.server.requests.count
        XCTAssertEqual(source(load(older, cache: cache)), "http-cache")
        XCTAssertEqual(Self.server.requests.count, before, "no request at all")
    }

    func testNoCacheRevalidatesAnd304CostsNoBody() throws {
        let id = UUID().uuidString
        let photo = url("/photos/rocket.jpg?cache=no-cache&etag=v1&n=\(id)")
        XCTAssertEqual(source(load(photo)), "network")
        let trace = TemporaryFiles.url("trace-\(id).jsonl").path
        let writer = Trace()
        try writer.open(path: trace)
        defer { writer.close() }
        XCTAssertEqual(source(load(photo, trace: writer)), "revalidated")
        XCTAssertTrue(Self.server.conditionalRequests.contains { $0.contains(id) }, "a conditional GET (If-None-Match) was sent")
        let sent = TraceLog(path: trace, writtenBy: writer).events.compactMap { record -> (Int, Int)? in
            if case .http(_, let status, let bytes) = record.event { return (status, bytes) } else { return nil }
        }
        XCTAssertEqual(sent.map(\.0), [304])
        XCTAssertEqual(sent.map(\.1), [0], "a 304 has no body")
    }

    func testNoStoreIsNeverKept() throws {
        let photo = url("/photos/horse.png?cache=no-store&etag=x&n=\(UUID().uuidString)")
        XCTAssertEqual(source(load(photo)), "network")
        XCTAssertEqual(source(load(photo)), "network", "nothing was stored, so it is downloaded again")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folders.app + "/entries")
        XCTAssertEqual(entries, [])
    }

    func testAChangedPhotoReplacesItsEntry() throws {
        Self.changing.lock.withLock { Self.changing.file = "coffee.png"; Self.changing.etag = "\"one\"" }
        let photo = url("/changing.png")
        guard case .image(let first, .network?) = load(photo) else { return XCTFail() }
        XCTAssertEqual(source(load(photo)), "revalidated", "unchanged: 304")
        Self.changing.lock.withLock { Self.changing.file = "rocket.jpg"; Self.changing.etag = "\"two\"" }
        guard case .image(let second, .network?) = load(photo) else { return XCTFail("a new ETag: 200 and a new image") }
        XCTAssertNotEqual(first.pixel(x: 32, y: 32), second.pixel(x: 32, y: 32), "the new photo is shown")
        guard case .image(let third, .revalidated?) = load(photo) else { return XCTFail("the new entry is used next") }
        XCTAssertEqual(second.pixel(x: 32, y: 32), third.pixel(x: 32, y: 32))
    }

    func testCorruptTruncatedOrForeignFilesAreMissesAndReplaced() throws {
        let photo = url("/photos/chelsea.png?cache=max-age&n=\(UUID().uuidString)")
        XCTAssertEqual(source(load(photo)), "network")
        let entries = folders.app + "/entries"
        let entry = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: entries).first)
        let path = "\(entries)/\(entry)"
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for (label, bad) in [("garbage", Data("hello".utf8)), ("truncated", good.prefix(good.count - 10)),
                             ("flipped byte", { var d = good; d[d.count - 5] ^= 0xff; return d }()), ("empty", Data())] {
            try bad.write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(source(load(photo)), "network", "\(label): a miss, never a crash or a wrong image")
            XCTAssertEqual(source(load(photo)), "http-cache", "\(label): and replaced by a good entry")
        }
        // A body that changed on disk is not trusted either.
        let bodies = folders.app + "/bodies"
        for name in try FileManager.default.contentsOfDirectory(atPath: bodies) {
            try Data("foreign".utf8).write(to: URL(fileURLWithPath: "\(bodies)/\(name)"))
        }
        let cache = HTTPDiskCache(folders: folders, limit: 64 << 20)
        let stored = try XCTUnwrap(cache.entry(for: photo.absoluteString))
        XCTAssertNil(cache.body(of: stored), "the original's checksum does not match")
    }

    func testAnUnwritableFolderMeansNoDiskCache() throws {
        // A cache home whose parent is a file: nothing can be created there (root ignores modes).
        let file = folder.appendingPathComponent("a-file")
        try Data().write(to: file)
        let cache = HTTPDiskCache(folders: CacheFolders(home: file.appendingPathComponent("cache").path), limit: 64 << 20)
        XCTAssertFalse(cache.isUsable)
        let photo = url("/photos/coffee.png?cache=max-age&n=\(UUID().uuidString)")
        XCTAssertEqual(source(load(photo, cache: cache)), "network", "the photo still loads")
        XCTAssertEqual(source(load(photo, cache: cache)), "network", "without a disk cache")
    }

    func testTwoWritersAtOnceLoseNothingAndLeaveNothingHalfWritten() throws {
        let first = HTTPDiskCache(folders: folders, limit: 256 << 20), second = HTTPDiskCache(folders: folders, limit: 256 << 20)
        let bodies = (0..<20).map { Data(repeating: UInt8($0), count: 50_000 + $0 * 1_000) }
        let thumbnail = try PNGFile.encode(TestImages.pixbuf(width: 16, height: 16) { _, _ in [9, 9, 9] })
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let cache = worker % 2 == 0 ? first : second
            for n in 0..<20 {
                let index = (n + worker * 3) % 20
                cache.store(url: "http://example.org/\(index)", freshness: HTTPFreshness(headers: ["cache-control": "max-age=60"]),
                            contentType: "image/png", body: bodies[index], thumbnail: thumbnail, box: 256)
            }
        }
        for index in 0..<20 {
            let entry = try XCTUnwrap(first.entry(for: "http://example.org/\(index)"), "entry \(index) is there and checks out")
            XCTAssertEqual(first.body(of: entry), bodies[index], "entry \(index)'s body is whole")
        }
        for sub in ["entries", "bodies"] {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "\(folders.app)/\(sub)").filter { $0.hasPrefix(".") }, [],
                           "no temporary files left in \(sub)")
        }
    }

    func testTheFolderIsTrimmedToItsLimitOldestFirst() throws {
        // Written with room to spare, then opened with a 1 MiB limit (as after a settings change).
        let writer = HTTPDiskCache(folders: folders, limit: 64 << 20)
        let thumbnail = try PNGFile.encode(TestImages.pixbuf(width: 16, height: 16) { _, _ in [9, 9, 9] })
        for n in 0..<10 {
            writer.store(url: "http://example.org/\(n)", freshness: HTTPFreshness(headers: [:]), contentType: nil,
                        body: Data(repeating: UInt8(n), count: 200_000), thumbnail: thumbnail, box: 256)
            usleep(20_000) // distinct modification times
        }
        let cache = HTTPDiskCache(folders: folders, limit: 1 << 20)
        XCTAssertGreaterThan(cache.size, 1 << 20)
        _ = cache.entry(for: "http://example.org/0") // used again: the most recent now
        let done = DispatchSemaphore(value: 0)
        cache.trim { done.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertLessThanOrEqual(cache.size, 1 << 20)
        XCTAssertNotNil(cache.entry(for: "http://example.org/0"), "the recently used one stays")
        XCTAssertNotNil(cache.entry(for: "http://example.org/9"), "the newest stays")
        XCTAssertNil(cache.entry(for: "http://example.org/1"), "the oldest went first")
    }
}
