// Why this exists: the benchmark's own logic, quickly: the gallery server serves its photos, and the results encode as well-formed JSON.
import BenchmarkKit
import Foundation
import Gtk
import PhotoPipeline
import TestSupport
import XCTest

final class BenchmarkLogicTests: XCTestCase {
    func testGalleryServerServesLargePhotos() throws {
        let photos = LargePhotos(only: [2])
        XCTAssertEqual(photos.names.count, 6)
        let server = try TestServer(route: photos.route())
        let fetcher = ResourceFetcher(http: HTTPClient())
        func get(_ url: URL) throws -> Data { try fetcher.fetch(url, limit: 50 << 20, cancellable: Cancellable()) }
        let manifest = try get(URL(string: server.baseURL.absoluteString + "/gallery.json?count=10&delay=0")!)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: manifest) as? [[String: String]])
        XCTAssertEqual(rows.count, 10)
        let first = try XCTUnwrap(rows.first?["url"])
        let image = try get(URL(string: first, relativeTo: server.baseURL.appendingPathComponent("gallery.json"))!.absoluteURL)
        XCTAssertEqual(Array(image.prefix(2)), [0xFF, 0xD8], "a JPEG")
        XCTAssertGreaterThan(image.count, 50_000, "a 2-megapixel photo")
    }

    func testResultsAreWellFormedJSON() throws {
        let results = [Result(name: "a", unit: "ms", values: [3, 1, 2], target: "≤ 2", met: { $0 <= 2 }),
                       Result(name: "empty", unit: "×", values: [])]
        XCTAssertEqual(results[0].median, 2); XCTAssertEqual(results[0].min, 1); XCTAssertEqual(results[0].max, 3)
        XCTAssertEqual(results[0].met, true)
        let decoded = try JSONSerialization.jsonObject(with: Report.json(results)) as? [[String: Any]]
        XCTAssertEqual(decoded?.count, 2)
        XCTAssertEqual(decoded?.first?["name"] as? String, "a")
        XCTAssertEqual(percentile([1, 2, 3, 4, 100], 99), 100)
        XCTAssertTrue(Report.table(results).contains("| a | 2.00 ms |"))
    }
}
