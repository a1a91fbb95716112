// Why this exists: the viewer's operations against a real server: a decode waits on the row's download and takes its bytes (one request); a cancelled dependency lets the dependent finish, never hang; at most three full images are held; huge photos are decoded to the budget and bombs refused.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline

final class PhotoViewerTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    static func requests(_ marker: String) -> [String] { Self.server.requests.filter { $0.contains(marker) } }

    /// The viewer opens a row whose download is running: its operation depends on it, runs when
    /// it ends, and decodes the bytes the download read (the server sees one request).
    func testTheViewerWaitsOnTheRunningDownloadAndTakesItsBytes() throws {
        let marker = UUID().uuidString
        let json = #"[{"name": "slow", "url": "photos/coffee.png?delay=600&m=\#(marker)"}]"#
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 10) { gallery.operation(.download, row: 0)?.isExecuting == true })
            let viewer = PhotoViewer(gallery: gallery)
            viewer.open(0)
            let operation = try XCTUnwrap(gallery.pending.viewersInProgress[0])
            XCTAssertEqual(operation.dependencies.count, 1, "it depends on the download")
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil }, "the full image arrived")
            let full = try XCTUnwrap(viewer.image(for: 0))
            XCTAssertEqual(full.details.from, .download)
            XCTAssertEqual([full.image.width, full.image.height], [600, 400], "full size")
            XCTAssertTrue(full.sepia)
            XCTAssertEqual(Self.requests(marker).count, 1, "one request: \(Self.requests(marker))")
            XCTAssertTrue(harness.trace.events.contains { $0.event == .dependency(row: 0, on: .download) })
            viewer.close()
        }
    }

    /// The download the viewer waits on is cancelled (the list let the row go): the viewer's
    /// operation still runs, gets the photo itself, and finishes. It never hangs.
    func testACancelledDependencyLetsTheDependentFinish() throws {
        let marker = UUID().uuidString
        let json = #"[{"name": "slow", "url": "photos/rocket.jpg?delay=2000&m=\#(marker)"}]"#
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 10) { gallery.operation(.download, row: 0)?.isExecuting == true })
            let viewer = PhotoViewer(gallery: gallery)
            viewer.open(0)
            let download = try XCTUnwrap(gallery.operation(.download, row: 0))
            gallery.cancelOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 5) { download.isFinished }, "the cancelled download ended")
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil || viewer.failure(for: 0) != nil },
                          "the dependent finished: \(viewer.failure(for: 0)?.description ?? "still waiting")")
            XCTAssertEqual(viewer.image(for: 0)?.details.from, .network, "it fetched the photo itself")
            XCTAssertTrue(gallery.pending.viewersInProgress.isEmpty)
        }
    }

    /// Leaving a photo whose operation waits on a queued download: the viewer's operation is
    /// cancelled and ends when the download does (no removeDependency, which hangs on Linux).
    func testACancelledDependentEndsWithItsDependency() throws {
        let json = #"[{"name": "slow", "url": "photos/coffee.png?delay=300"}]"#
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            let viewer = PhotoViewer(gallery: gallery)
            viewer.open(0)
            let operation = try XCTUnwrap(gallery.pending.viewersInProgress[0])
            viewer.close()
            XCTAssertTrue(harness.run(timeout: 10) { operation.isFinished }, "the cancelled dependent ended")
            XCTAssertNil(viewer.image(for: 0))
            XCTAssertTrue(harness.run(timeout: 10) { gallery.records[0].state == .filtered }, "the list's row went on")
        }
    }

    /// Moving through photos holds at most the one shown and its two neighbours.
    func testAtMostThreeFullImagesAreHeld() throws {
        let names = ["coffee.png", "rocket.jpg", "astronaut.png", "chelsea.png", "horse.png", "camera.png", "present.png"]
        let json = "[" + names.map { #"{"name": "\#($0)", "url": "photos/\#($0)"}"# }.joined(separator: ",") + "]"
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"))
            let viewer = PhotoViewer(gallery: harness.gallery)
            viewer.open(0)
            var most = 0
            for row in 0..<names.count {
                viewer.move(to: row)
                XCTAssertTrue(harness.run(timeout: 20) {
                    most = max(most, viewer.heldRows.count)
                    return viewer.image(for: row) != nil && (row + 1 == names.count || viewer.image(for: row + 1) != nil)
                }, "row \(row) and its next neighbour loaded")
                XCTAssertTrue(viewer.heldRows.allSatisfy { abs($0 - row) <= 1 }, "held: \(viewer.heldRows) at \(row)")
            }
            XCTAssertLessThanOrEqual(most, 3)
            XCTAssertEqual(viewer.image(for: names.count - 2)?.details.from, .network, "a neighbour preloaded")
            viewer.close()
            XCTAssertTrue(viewer.heldRows.isEmpty)
        }
    }

    /// A photo over the viewer's pixel budget is decoded downscaled to fit; a bomb is refused.
    func testBudgetAndBombs() throws {
        let json = #"[{"name": "coffee", "url": "photos/coffee.png"}, {"name": "bomb", "url": "photos/b.png?fault=bomb"}]"#
        var settings = PipelineSettings()
        settings.viewerMaxPixels = 60_000
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: Self.server.baseURL.appendingPathComponent("g.json"), settings: settings)
            let viewer = PhotoViewer(gallery: harness.gallery)
            viewer.open(0)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil })
            let full = try XCTUnwrap(viewer.image(for: 0))
            XCTAssertLessThanOrEqual(full.image.width * full.image.height, 60_000, "within the budget")
            XCTAssertEqual(full.image.width, 300, accuracy: 1, "600 × 400 at half size")
            XCTAssertEqual([full.details.width, full.details.height], [600, 400], "the photo's own size is kept for Details")
            viewer.move(to: 1)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.failure(for: 1) != nil })
            XCTAssertTrue(viewer.failure(for: 1)?.description.contains("30000 × 30000") == true, viewer.failure(for: 1)?.description ?? "")
            viewer.close()
        }
    }
}
