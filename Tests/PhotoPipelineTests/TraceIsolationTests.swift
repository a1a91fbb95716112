// Why this exists: the trace is handed to what reports, never shared through a global: two galleries in one process, each with its own trace, each trace holding its own gallery's events and the other's none (HTTP exchanges included).
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoTrace

final class TraceIsolationTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testTwoGalleriesTraceOnlyIntoTheirOwnTraces() throws {
        let base = Self.server.baseURL
        let mark = UUID().uuidString
        // Two rows here, five there: the second's rows 2 to 4, and its marked URLs, cannot be the first's.
        let few = #"[{"name": "a", "url": "photos/coffee.png?few=\#(mark)"}, {"name": "b", "url": "photos/horse.png?few=\#(mark)"}]"#
        let many = "[" + (0..<5).map { #"{"name": "p\#($0)", "url": "photos/camera.png?many=\#(mark)&row=\#($0)"}"# }.joined(separator: ",") + "]"
        try MainActor.assumeIsolated {
            let first = try PipelineHarness(json: few, source: base.appendingPathComponent("few.json"))
            let second = try PipelineHarness(json: many, source: base.appendingPathComponent("many.json"))
            for harness in [first, second] {
                for row in 0..<harness.gallery.count { harness.gallery.startOperations(for: row, priority: .normal) }
            }
            XCTAssertTrue(first.run(timeout: 30) { first.allSettled && second.allSettled }, "both galleries ended")

            let firstRows = Set(first.trace.events.compactMap(\.row)), secondRows = Set(second.trace.events.compactMap(\.row))
            XCTAssertEqual(secondRows, [0, 1, 2, 3, 4], "the second gallery's trace has its own rows")
            XCTAssertEqual(firstRows, [0, 1], "the first gallery's trace has no row of the second's")
            @MainActor func addresses(_ harness: PipelineHarness) -> [String] {
                harness.trace.events.compactMap { if case .http(let url, _, _) = $0.event { return url } else { return nil } }
            }
            XCTAssertFalse(addresses(first).isEmpty, "the first gallery's downloads are in its trace")
            XCTAssertTrue(addresses(first).allSatisfy { $0.contains("few=") }, "none of the second's: \(addresses(first))")
            XCTAssertTrue(addresses(second).allSatisfy { $0.contains("many=") }, "none of the first's: \(addresses(second))")
            XCTAssertEqual(first.trace.undecodableLines + second.trace.undecodableLines, [])
        }
    }
}
