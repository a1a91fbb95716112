// Why this exists: the folder watcher's report of a file Rate and Flag are still writing is judged once the write has ended: the app's own write keeps the row's image (it is never loaded again for a rating), another program's change starts the row over, and each result of a quick run of writes (a rating, then Ctrl+Z) is known as the app's own.
import Foundation
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import GalleryContents

final class MarkReportTests: XCTestCase {
    func testAReportThatComesDuringTheWriteIsJudgedWhenItEnds() throws {
        let folder = TemporaryFiles.url("mark-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("p.png")
        try TestImages.encoded(width: 40, height: 30) { x, y in [UInt8(x * 4), UInt8(y * 6), 40] }.write(to: url)
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: "[{\"name\": \"p\", \"url\": \"\(url.absoluteString)\"}]", source: folder.appendingPathComponent("g.json"))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            XCTAssertTrue(harness.run(timeout: 20) { harness.allSettled }, "\(gallery.records.map(\.state))")
            @MainActor func report(_ stamp: FileStamp) {
                gallery.apply(FolderChange(removed: [], inserted: [], changed: [0], rows: gallery.records.rows, stamps: [0: stamp]))
            }
            @MainActor func kept() -> Bool { gallery.records[0].state == .filtered && gallery.records[0].image != nil }
            let first = FileStamp(size: 100, modified: 1), second = FileStamp(size: 101, modified: 2), third = FileStamp(size: 102, modified: 3)

            // The report of the write comes before its end: judged then, the app's own.
            gallery.markingBegins(url)
            report(first)
            XCTAssertTrue(kept(), "not judged while the write is under way")
            gallery.applyMarks(to: url, now: first, marks: nil)
            XCTAssertTrue(kept(), "the app's own write: the image stays")

            // A rating, then Ctrl+Z: the first one's report comes while the second is written.
            gallery.markingBegins(url)
            report(first)
            gallery.applyMarks(to: url, now: second, marks: nil)
            XCTAssertTrue(kept(), "the report of the first of two writes")
            report(second)
            XCTAssertTrue(kept(), "the report of the second")

            // Another program changed the file while the app wrote it: the row starts over once
            // the write has ended.
            gallery.markingBegins(url)
            report(FileStamp(size: 7, modified: 7))
            XCTAssertTrue(kept(), "not judged while the write is under way")
            gallery.applyMarks(to: url, now: third, marks: nil)
            XCTAssertFalse(kept(), "another's change: the row starts over")
            XCTAssertTrue(harness.run(timeout: 20) { harness.allSettled }, "\(gallery.records.map(\.state))")

            // A write that failed: a report that came meanwhile is another's.
            gallery.markingBegins(url)
            report(third)
            XCTAssertTrue(kept())
            gallery.markingEnded(url)
            XCTAssertTrue(kept(), "its file as the last write left it")
            gallery.markingBegins(url)
            report(FileStamp(size: 8, modified: 8))
            gallery.markingEnded(url)
            XCTAssertFalse(kept(), "a change the failed write did not make: the row starts over")
        }
    }
}
