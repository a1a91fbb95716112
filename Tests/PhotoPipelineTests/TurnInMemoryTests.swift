// Why this exists: a turn applied in memory turns the row's image exactly (each pixel where a quarter turn puts it), keeps the row's state, and is refused while the row has work running.
import Foundation
import TestAndBenchSupport
import XCTest
@_spi(InProcess) import PhotoDecoding
@testable import PhotoPipeline
@testable import GalleryContents

final class TurnInMemoryTests: XCTestCase {
    func testATurnTurnsTheRowsImageExactly() throws {
        let folder = TemporaryFiles.url("turn-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("p.png")
        try TestImages.encoded(width: 90, height: 40) { x, y in [UInt8(x * 2), UInt8(y * 6), 40] }.write(to: url)
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: "[{\"name\": \"p\", \"url\": \"\(url.absoluteString)\"}]", source: folder.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 20) { harness.allSettled }, "\(gallery.records.map(\.state))")
            let before = try XCTUnwrap(gallery.records[0].image)
            XCTAssertEqual(gallery.applyTurn(.clockwise, to: url, now: FileStamp(size: 1, modified: 2)), [0])
            let after = try XCTUnwrap(gallery.records[0].image)
            XCTAssertEqual([after.width, after.height], [before.height, before.width])
            // Clockwise: the old left column, read bottom up, is the new top row.
            for x in [0, after.width / 2, after.width - 1] {
                XCTAssertEqual(after.pixel(x: x, y: 0), before.pixel(x: 0, y: before.height - 1 - x), "x = \(x)")
            }
            XCTAssertEqual(gallery.records[0].state, .filtered)
            XCTAssertFalse(after.pixel(x: 0, y: 0) == before.pixel(x: 0, y: 0) && after.pixel(x: after.width - 1, y: 0) == before.pixel(x: after.width - 1, y: 0),
                           "the image changed")
        }
    }
}
