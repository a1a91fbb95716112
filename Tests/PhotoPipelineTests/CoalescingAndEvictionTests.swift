// Why this exists: one download per URL (rows sharing a URL share one operation, cancelled only when no row wants it, joined by rows that come back), and eviction: an off-screen row gives its image up and gets it back from disk, never from the network, while pinned rows keep theirs.
import DecodeHelper
import Foundation
@_spi(InProcess) import PhotoDecoding
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching

final class CoalescingAndEvictionTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    static func requests(containing marker: String) -> Int { Self.server.requests.filter { $0.contains(marker) }.count }

    func test200RowsSharing3URLsMakeThreeDownloads() throws {
        let marker = UUID().uuidString
        let urls = ["coffee.png", "rocket.jpg", "horse.png"].map { "photos/\($0)?delay=150&m=\(marker)" }
        let json = "[" + (0..<200).map { "{\"name\": \"r\($0)\", \"url\": \"\(urls[$0 % 3])\"}" }.joined(separator: ",") + "]"
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            for row in 0..<200 { gallery.startOperations(for: row) }
            XCTAssertTrue(harness.run(timeout: 30) { harness.allSettled }, "states: \(Set(gallery.records.map(\.state)))")
            XCTAssertTrue(gallery.records.allSatisfy { $0.state == .filtered })
            XCTAssertEqual(Self.requests(containing: marker), 3, "one download per URL")
            XCTAssertEqual(Set(gallery.records.filter { $0.row % 3 == 0 }.map { ObjectIdentifier($0.image!) }).count, 1,
                           "rows with the same URL share one decoded, filtered image")
            harness.assertOneTerminalEventPerOperation()
        }
    }

    func testASharedDownloadIsCancelledOnlyWhenNoRowWantsIt() throws {
        let marker = UUID().uuidString
        let json = "[{\"name\": \"a\", \"url\": \"photos/coffee.png?delay=800&m=\(marker)\"}, {\"name\": \"b\", \"url\": \"photos/coffee.png?delay=800&m=\(marker)\"}]"
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            gallery.startOperations(for: 1)
            let shared = try XCTUnwrap(gallery.operation(.download, row: 0))
            XCTAssertTrue(gallery.operation(.download, row: 1) === shared, "row 1 joined row 0's download")
            XCTAssertTrue(harness.run(timeout: 5) { shared.isExecuting })
            gallery.cancelOperations(for: 0)
            XCTAssertFalse(shared.isCancelled, "row 1 still wants it")
            // Row 0 comes back while it still runs: it joins again, no second download.
            gallery.startOperations(for: 0)
            XCTAssertTrue(gallery.operation(.download, row: 0) === shared)
            XCTAssertNotNil(gallery.runningSince(0), "a row that joins a running download counts as running (a stuck one cannot hold the prefetch back)")
            XCTAssertTrue(harness.run(timeout: 10) { harness.allSettled })
            XCTAssertEqual(gallery.records.map(\.state), [.filtered, .filtered])
            XCTAssertEqual(Self.requests(containing: marker), 1)

            // Both leave: now it is cancelled (the transfer is aborted).
            let again = UUID().uuidString
            let harness2 = try PipelineHarness(json: json.replacingOccurrences(of: marker, with: again),
                                               source: Self.server.baseURL.appendingPathComponent("g.json"))
            harness2.gallery.startOperations(for: 0)
            harness2.gallery.startOperations(for: 1)
            let operation = try XCTUnwrap(harness2.gallery.operation(.download, row: 0))
            harness2.gallery.cancelOperations(for: 0)
            harness2.gallery.cancelOperations(for: 1)
            XCTAssertTrue(operation.isCancelled, "no row wants it any more")
            harness2.assertOneTerminalEventPerOperation()
        }
    }

    /// A download two rows wait on runs at the more urgent row's priority, and falls back to the
    /// other's when that row leaves or becomes less urgent, as Nuke's shared tasks do (queued all
    /// the while: the queues are suspended, as while the user scrolls).
    func testASharedDownloadTakesTheHighestPriorityOfTheRowsWaiting() throws {
        let json = "[{\"name\": \"a\", \"url\": \"photos/coffee.png?m=\(UUID().uuidString)\"}, {\"name\": \"b\", \"url\": \"photos/coffee.png?m=same\"}, {\"name\": \"c\", \"url\": \"photos/coffee.png?m=same\"}]"
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.pending.suspendAll()
            defer { gallery.cancelAll() }
            gallery.startOperations(for: 1, priority: PhotoGallery.prefetchPriority)
            let shared = try XCTUnwrap(gallery.operation(.download, row: 1))
            XCTAssertEqual(shared.queuePriority, PhotoGallery.prefetchPriority)
            gallery.startOperations(for: 2, priority: PhotoGallery.visiblePriority)
            XCTAssertTrue(gallery.operation(.download, row: 2) === shared, "row 2 joined row 1's download")
            XCTAssertEqual(shared.queuePriority, PhotoGallery.visiblePriority, "raised for the row on screen")
            gallery.startOperations(for: 2, priority: PhotoGallery.prefetchPriority)
            XCTAssertEqual(shared.queuePriority, PhotoGallery.prefetchPriority, "lowered when that row is only in the prefetch band")
            gallery.startOperations(for: 2, priority: PhotoGallery.visiblePriority)
            gallery.cancelOperations(for: 2)
            XCTAssertFalse(shared.isCancelled, "row 1 still wants it")
            XCTAssertEqual(shared.queuePriority, PhotoGallery.prefetchPriority, "back to the priority of the row still waiting")
        }
    }

    /// Distinct local photos, a memory cache that holds about four rows' images, and a shared
    /// thumbnail cache on disk.
    func testEvictedRowsComeBackFromDiskAndPinnedRowsKeepTheirImages() throws {
        let folder = TemporaryFiles.url("evict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = SamplePhotos.files
        for row in 0..<12 { try SamplePhotos.data(files[row % files.count]).write(to: folder.appendingPathComponent("\(row).img")) }
        let json = "[" + (0..<12).map { "{\"name\": \"r\($0)\", \"url\": \"\($0).img\"}" }.joined(separator: ",") + "]"
        let caches = DiskCaches(shared: SharedThumbnails(folders: CacheFolders(home: folder.appendingPathComponent("cache").path), decoders: .here), http: nil)
        try MainActor.assumeIsolated {
            // 64 × 64 RGB(A) thumbnails are 12–16 KB; original and sepia for four rows.
            let memory = MemoryCache(limit: 8 * 16 * 1024)
            let harness = try PipelineHarness(json: json, source: folder.appendingPathComponent("g.json"), memory: memory, caches: caches)
            let gallery = harness.gallery
            gallery.pin([0, 1])
            for row in 0..<12 {
                gallery.startOperations(for: row)
                XCTAssertTrue(harness.run(timeout: 10) { !gallery.isBusy(row) && gallery.records[row].state != .downloaded }, "row \(row)")
            }
            let evicted = Set(harness.trace.events.compactMap { if case .evicted(let row) = $0.event { return row } else { return nil } })
            XCTAssertFalse(evicted.isEmpty, "the cache was full: rows were evicted")
            XCTAssertTrue(evicted.isDisjoint(with: [0, 1]), "pinned rows never are: \(evicted)")
            XCTAssertEqual(gallery.records[0].state, .filtered)
            XCTAssertNotNil(gallery.records[0].image)
            for row in evicted {
                XCTAssertEqual(gallery.records[row].state, .new, "row \(row) needs its image again")
                XCTAssertNil(gallery.records[row].image, "and holds none")
            }
            XCTAssertLessThanOrEqual(memory.cost, memory.limit + 4 * 16 * 1024, "within the limit (pinned rows may exceed it)")

            // An evicted row comes back: from the shared thumbnail cache on disk, not the photo.
            let row = try XCTUnwrap(evicted.min())
            gallery.pin([row])
            gallery.startOperations(for: row)
            XCTAssertTrue(harness.run(timeout: 10) { gallery.records[row].state == .filtered })
            let sources = harness.trace.events.compactMap { record -> ImageSource? in
                if case .image(row, let from, _) = record.event { return from } else { return nil }
            }
            XCTAssertEqual(sources, [.file, .thumbnailCache], "decoded once, then refilled from disk")
        }
    }
}
