// Why this exists: the scheduler on a real PhotoGallery (real queues, real downloads from a slow libsoup server on 127.0.0.1), still without a display: at rest, the transfers of rows that left the screen are cancelled and the new screen's rows are queued first.
@testable import GalleryViews
import Foundation
import GLibRuntime
@_spi(InProcess) import PhotoDecoding
import PhotoPipeline
import TestAndBenchSupport
import XCTest
@testable import PhotosApp
import PhotoFetching
import GalleryContents
import PhotoTrace

final class SchedulerWithGalleryTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testAtRestTheRowsThatLeftTheScreenAreCancelledAndTheScreenIsQueuedFirst() throws {
        // Every photo takes 10 s to arrive, so the first screen's downloads are still in flight
        // when the list moves on.
        let json = "[" + (0..<300).map { "{\"name\": \"Photo \($0)\", \"url\": \"photos/coffee.png?delay=10000&row=\($0)&m=\(UUID().uuidString)\"}" }
            .joined(separator: ",") + "]"
        try MainActor.assumeIsolated {
            let path = TemporaryFiles.url("scheduler-\(UUID().uuidString).jsonl").path
            let writer = Trace()
            try writer.open(path: path)
            defer { writer.close() }
            let trace = TraceLog(path: path, writtenBy: writer)
            let manifest = try ManifestParser.parse(Data(json.utf8), source: Self.server.baseURL.appendingPathComponent("g.json"))
            var settings = PipelineSettings()
            settings.downloadConcurrency = 4
            let clock = ManualClock()
            let list = FakeList()
            let scroll = ScrollState(clock: clock)
            let scheduler = OnscreenScheduler(list: list, scroll: scroll, clock: clock, trace: writer)
            let gallery = PhotoGallery(manifest: manifest, settings: settings, decoders: .here(parsers: nil), fetcher: ResourceFetcher(http: HTTPClient()),
                                       memory: MemoryCache(limit: 16 << 20), demand: scheduler, trace: writer)
            defer {
                gallery.cancelAll()
                XCTAssertTrue(MainLoop.iterate(until: { gallery.pending.downloadQueue.operationCount == 0 }, timeout: 20), "the cancelled work wound down")
            }
            list.onScreen = Array(0...9)
            scheduler.attach(gallery)
            list.layOut()
            XCTAssertTrue(MainLoop.iterate(until: { (0...3).allSatisfy { gallery.isRunning($0) } }, timeout: 10),
                          "the first screen's downloads are running")

            scroll.moved()
            list.onScreen = Array(150...159)
            clock.advance(milliseconds: Double(ScrollState.settleMilliseconds))
            list.layOut()

            XCTAssertEqual(gallery.rowsInProgress, Set(150...159), "only the screen's rows have work")
            for row in 150...159 {
                XCTAssertEqual(gallery.operation(.download, row: row)?.queuePriority, PhotoGallery.visiblePriority, "row \(row)")
            }
            XCTAssertTrue(MainLoop.iterate(until: {
                Set(trace.events.compactMap { if case .cancelled(.download, let row) = $0.event { return row } else { return nil } }) == Set(0...9)
            }, timeout: 10), "the first screen's downloads, running or queued, were cancelled")
            XCTAssertTrue(MainLoop.iterate(until: { (150...153).allSatisfy { gallery.isRunning($0) } }, timeout: 10),
                          "the new screen's first rows took the freed slots")
        }
    }
}
