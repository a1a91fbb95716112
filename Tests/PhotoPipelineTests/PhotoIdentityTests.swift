// Why this exists: a photo's work is its own, wherever its row goes: a download in flight when a folder's change moves its row lands on that photo at its new row, not on whatever photo now has the old one, and a change moves no pending entry.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import GalleryContents
@testable import PhotoTrace

final class PhotoIdentityTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testADownloadInFlightLandsOnItsPhotoAfterItsRowMoved() throws {
        let base = Self.server.baseURL
        let photos = [("coffee", "photos/coffee.png"), ("rocket", "photos/rocket.jpg?delay=1500"), ("horse", "photos/horse.png")]
        try MainActor.assumeIsolated {
            let json = "[" + photos.map { #"{"name": "\#($0.0)", "url": "\#($0.1)"}"# }.joined(separator: ",") + "]"
            let harness = try PipelineHarness(json: json, source: base.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 1)
            let download = try XCTUnwrap(gallery.operation(.download, row: 1))
            let photo = gallery.records[1].id
            XCTAssertTrue(harness.run(timeout: 10) { download.isExecuting }, "the slow download runs")

            // A photo arrives first in the folder: every row below it moves down one.
            let batch = ManifestRows()
            for (name, url) in [("arrived", "photos/horse.png")] + photos { batch.append(name: name, url: url) }
            var rows = ManifestRowStore()
            rows.append(batch)
            gallery.apply(FolderChange(removed: [], inserted: [0], changed: [], rows: rows))

            XCTAssertEqual(gallery.records[2].id, photo, "the record moved with its photo")
            XCTAssertEqual(gallery.records[2].name, "rocket")
            XCTAssertTrue(gallery.operation(.download, row: 2) === download, "its download is found at its new row")
            XCTAssertNil(gallery.operation(.download, row: 1), "the photo now at its old row has no work")
            XCTAssertTrue(gallery.pending.downloadsInProgress[photo] === download, "the entry was not moved: it is the photo's")

            XCTAssertTrue(harness.run(timeout: 20) { gallery.records[2].state == .filtered }, "the result landed on its photo")
            XCTAssertNotNil(gallery.records[2].image)
            XCTAssertEqual(gallery.records[1].state, .new, "the photo at the old row was never given it")
            XCTAssertNil(gallery.records[1].image)
            let finished = harness.trace.events.filter { $0.event == .finished(queue: .download, row: 2) || $0.event == .finished(queue: .download, row: 1) }
            XCTAssertEqual(finished.map(\.event), [.finished(queue: .download, row: 2)], "traced at the row it finished on")
        }
    }
}
