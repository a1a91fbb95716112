// Why this exists: the whole pipeline (queues, operations, decode, sepia, main-loop completions) against a real libsoup server with faults.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class GalleryPipelineTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testEveryRowEndsFilteredOrFailedWithItsReason() throws {
        let base = Self.server.baseURL
        let json = """
        [{"name": "ok png", "url": "photos/coffee.png?delay=50"},
         {"name": "ok jpeg", "url": "photos/rocket.jpg"},
         {"name": "ok gray", "url": "photos/camera.png?delay=20"},
         {"name": "ok alpha", "url": "photos/horse.png"},
         {"name": "missing", "url": "photos/nothing-here.png"},
         {"name": "server error", "url": "photos/coffee.png?status=500"},
         {"name": "unavailable", "url": "photos/coffee.png?status=503"},
         {"name": "truncated", "url": "photos/coffee.png?fault=truncate"},
         {"name": "html", "url": "photos/coffee.png?fault=html"},
         {"name": "empty", "url": "photos/coffee.png?fault=empty"},
         {"name": "bomb", "url": "photos/bomb.png?fault=bomb"},
         {"name": "stalled", "url": "photos/coffee.png?fault=stall"},
         {"name": "ftp", "url": "ftp://example.org/a.png"}]
        """
        var configuration = HTTPClient.Configuration()
        // Long enough that only the stalled row meets it: this test runs in the idle class beside
        // the app tests (swift-test.sh), where a starved process once saw its "bomb" download
        // pause past a 2 s timeout.
        configuration.ioTimeoutSeconds = 8
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: base.appendingPathComponent("gallery.json"), configuration: configuration)
            let gallery = harness.gallery
            for row in 0..<gallery.count { gallery.startOperations(for: row, priority: .normal) }
            XCTAssertTrue(harness.run(timeout: 30) { harness.allSettled }, "states: \(gallery.records.map { "\($0.name)=\($0.state)" })")

            let states = Dictionary(uniqueKeysWithValues: gallery.records.map { ($0.name, $0) })
            for name in ["ok png", "ok jpeg", "ok gray", "ok alpha"] {
                XCTAssertEqual(states[name]?.state, .filtered, name)
                XCTAssertNotNil(states[name]?.image, name)
            }
            let expected: [String: String] = [
                "missing": "HTTP 404 Not Found",
                "server error": "HTTP 500 Internal Server Error",
                "unavailable": "HTTP 503 Service Unavailable",
                "truncated": "terminated",
                "html": "not a readable image",
                "empty": "the image is empty",
                "bomb": "too large: 30000 × 30000",
                "stalled": "timed out after 8 s",
                "ftp": "unsupported URL scheme",
            ]
            for (name, fragment) in expected {
                let record = try XCTUnwrap(states[name])
                XCTAssertEqual(record.state, .failed, name)
                XCTAssertNil(record.image, name)
                XCTAssertTrue(record.failureReason?.contains(fragment) == true, "\(name): \(record.failureReason ?? "no reason")")
            }
            XCTAssertFalse(states["truncated"]?.failureReason?.isEmpty ?? true)
            XCTAssertTrue(gallery.pending.downloadsInProgress.isEmpty && gallery.pending.filtrationsInProgress.isEmpty)
            harness.assertOneTerminalEventPerOperation()

            // The trace tells the same story.
            let final = harness.trace.finalStates
            XCTAssertEqual(final.values.filter { $0.state == .filtered }.count, 4)
            XCTAssertEqual(final.values.filter { $0.state == .failed }.count, 9)
            XCTAssertTrue(final.values.filter { $0.state == .failed }.allSatisfy { !($0.reason ?? "").isEmpty })
        }
    }

    func testCancellingAStalledDownloadFreesItsSlotAtOnce() throws {
        let base = Self.server.baseURL
        var settings = PipelineSettings()
        settings.downloadConcurrency = 1
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: """
                [{"name": "stalled", "url": "photos/coffee.png?fault=stall"},
                 {"name": "next", "url": "photos/horse.png"}]
                """, source: base.appendingPathComponent("g.json"), settings: settings)
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            gallery.startOperations(for: 1)
            // The stalled transfer holds the only slot.
            XCTAssertTrue(harness.run(timeout: 5) { harness.trace.events.contains { $0.name == .started && $0.row == 0 } })
            XCTAssertFalse(harness.run(timeout: 0.5) { harness.trace.events.contains { $0.name == .started && $0.row == 1 } },
                           "row 1 must wait while the stalled download holds the slot")

            // The moment of the cancel, in the trace's time: row 0's own `cancelled` event may come
            // after row 1 started (the freed slot is taken at once, on another thread, while
            // the cancelled operation is still ending), which failed once in a loaded run.
            let cancelledAt = harness.writer.now
            gallery.cancelOperations(for: 0)
            // The stalled transfer never ends by itself (the server sends a quarter of a
            // kilobyte and then nothing): row 1 starting at all means the cancel freed the slot.
            XCTAssertTrue(harness.run(timeout: 20) { harness.trace.events.contains { $0.name == .started && $0.row == 1 } },
                          "the cancel freed the stalled download's slot")
            let started = try XCTUnwrap(harness.trace.events.first { $0.name == .started && $0.row == 1 })
            XCTAssertNotNil(harness.trace.events.first { $0.name == .cancelled && $0.row == 0 }, "row 0 was cancelled")
            XCTAssertGreaterThan(started.t, cancelledAt, "after the cancel, not before")
            XCTAssertFalse(harness.trace.events.contains { $0.name == .finished && $0.row == 0 }, "the stalled download never finished")
            XCTAssertTrue(harness.run(timeout: 10) { gallery.records[1].state == .filtered })
            XCTAssertEqual(gallery.records[0].state, .new, "a cancelled row goes back to waiting, not failed")
            harness.assertOneTerminalEventPerOperation()
        }
    }

    func testDownloadedRecordIsOnlyFilteredWhenItComesBack() throws {
        let base = Self.server.baseURL
        try MainActor.assumeIsolated {
            let scrolledAway = NoRow()   // scrolled away: do not go on to filtering
            let harness = try PipelineHarness(json: #"[{"name": "a", "url": "photos/coffee.png"}]"#,
                                              source: base.appendingPathComponent("g.json"), demand: scrolledAway)
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 10) { gallery.records[0].state == .downloaded && !gallery.isBusy(0) })
            let requestsBefore = Self.server.requests.count
            gallery.startOperations(for: 0)   // the row comes back
            gallery.startOperations(for: 0)   // twice: no second operation
            XCTAssertEqual(gallery.pending.filtrationsInProgress.count, 1)
            XCTAssertTrue(gallery.pending.downloadsInProgress.isEmpty, "a downloaded record is never downloaded again")
            XCTAssertTrue(harness.run(timeout: 10) { gallery.records[0].state == .filtered })
            XCTAssertEqual(Self.server.requests.count, requestsBefore)
            harness.assertOneTerminalEventPerOperation()
        }
    }

    /// A filter that cannot allocate its output fails the row with that reason; it is not
    /// mistaken for a cancellation (which would leave the row `downloaded` with no reason).
    func testAFilterThatCannotAllocateFailsItsRowWithItsReason() throws {
        let base = Self.server.baseURL
        var settings = PipelineSettings()
        settings.sepiaAllocator = { _, _, _ in nil }
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: #"[{"name": "a", "url": "photos/coffee.png"}]"#,
                                              source: base.appendingPathComponent("g.json"), settings: settings)
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 10) { harness.allSettled }, "state \(gallery.records[0].state)")
            XCTAssertEqual(gallery.records[0].state, .failed)
            XCTAssertEqual(gallery.records[0].failureReason, "not enough memory for a 64 × 64 sepia image")
            let events = harness.trace.events
            XCTAssertTrue(events.contains { $0.event == .finished(queue: .filtration, row: 0) }, "the filter finished (with a failure)")
            XCTAssertFalse(events.contains { $0.event == .cancelled(queue: .filtration, row: 0) }, "nothing was cancelled")
            XCTAssertEqual(harness.trace.finalStates[0]?.event,
                           .state(row: 0, state: .failed, reason: "not enough memory for a 64 × 64 sepia image", code: .filter))
            harness.assertOneTerminalEventPerOperation()
        }
    }

    /// What the app does when another manifest opens: cancel everything and drop the gallery.
    /// With downloads stalled, slow and done, and filters queued, the gallery, its records and
    /// its operations must all be freed (a retain cycle through a completion would keep every
    /// thumbnail of every gallery ever opened).
    func testAGalleryDroppedWithWorkInFlightIsFreed() throws {
        let base = Self.server.baseURL
        var configuration = HTTPClient.Configuration()
        configuration.ioTimeoutSeconds = 30
        try MainActor.assumeIsolated {
            weak var weakGallery: PhotoGallery?
            weak var weakRecord: PhotoRecord?
            weak var weakOperation: PhotoOperation?
            weak var weakImage: Thumbnail?
            do {
                let harness = try PipelineHarness(json: """
                    [{"name": "fast", "url": "photos/coffee.png"},
                     {"name": "stalled", "url": "photos/coffee.png?fault=stall"},
                     {"name": "slow", "url": "photos/rocket.jpg?delay=3000"},
                     {"name": "fast too", "url": "photos/horse.png"}]
                    """, source: base.appendingPathComponent("g.json"), configuration: configuration)
                let gallery = harness.gallery
                for row in 0..<gallery.count { gallery.startOperations(for: row) }
                XCTAssertTrue(harness.run(timeout: 10) { gallery.records[0].image != nil && gallery.records[3].image != nil })
                XCTAssertNotNil(gallery.operation(.download, row: 1), "the stalled download is still running")
                weakGallery = gallery
                weakRecord = gallery.records[1]
                weakOperation = gallery.operation(.download, row: 1)
                weakImage = gallery.records[0].image
                gallery.cancelAll()
            }
            // Cancelled work may still be finishing (a filter stops between stripes) and its
            // completions may still be on their way to the main loop.
            _ = MainLoop.iterate(until: { weakGallery == nil && weakRecord == nil && weakOperation == nil && weakImage == nil },
                                 timeout: 10)
            XCTAssertNil(weakGallery, "the gallery was freed")
            XCTAssertNil(weakRecord, "its records were freed")
            XCTAssertNil(weakOperation, "the cancelled stalled download was freed")
            XCTAssertNil(weakImage, "its thumbnails were freed")
        }
    }
}

enum Harness {
    static var now: Double { ProcessInfo.processInfo.systemUptime }
}

/// A scheduler that wants no row (the user scrolled away).
@MainActor
final class NoRow: RowDemand {
    func isWanted(_ row: Int) -> Bool { false }
    func priority(of row: Int) -> Operation.QueuePriority { .normal }
}
