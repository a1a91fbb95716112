// Why this exists: the arithmetic every part of the app follows when a folder changes (where each row moved, where a viewer goes when its photo went, the runs the list splices), checked against a plain rebuild of the list.
import Foundation
@testable import PhotoPipeline
import XCTest
@testable import GalleryContents

final class FolderChangeTests: XCTestCase {
    /// Old rows 0..<count; remove `removed`, then insert new rows at `inserted` (final positions).
    func change(count: Int, removed: [Int], inserted: [Int]) -> (FolderChange, [Int?]) {
        var list: [Int?] = (0..<count).filter { !removed.contains($0) }.map { Optional($0) }
        for position in inserted { list.insert(nil, at: position) }
        var rows = ManifestRowStore()
        let batch = ManifestRows()
        for _ in list { batch.append(name: "x", url: "file:///x") }
        rows.append(batch)
        return (FolderChange(removed: removed, inserted: inserted, changed: [], rows: rows), list)
    }

    func testEveryRowMovesWhereAPlainRebuildPutsIt() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let count = Int.random(in: 0...20, using: &generator)
            let removed = (0..<count).filter { _ in Bool.random(using: &generator) && Bool.random(using: &generator) }
            let remaining = count - removed.count
            var inserted: [Int] = []
            var total = remaining
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                total += 1
                inserted.append(Int.random(in: 0..<total, using: &generator))
            }
            inserted = Array(Set(inserted)).sorted().enumerated().map { min($0.element, remaining + $0.offset) }
            let (change, list) = change(count: count, removed: removed, inserted: inserted)
            XCTAssertEqual(list.count, change.count)
            for old in 0..<count {
                XCTAssertEqual(change.position(of: old), list.firstIndex(of: old), "row \(old) of \(count), removed \(removed), inserted \(inserted)")
            }
        }
    }

    func testAViewerWhosePhotoWentShowsTheNextOneThatStayedElseThePreviousOne() {
        let (change, _) = change(count: 5, removed: [2, 3], inserted: [])
        XCTAssertEqual(change.neighbour(of: 2), 2, "the old row 4, now row 2")
        let (atEnd, _) = self.change(count: 5, removed: [3, 4], inserted: [])
        XCTAssertEqual(atEnd.neighbour(of: 4), 2, "nothing after it stayed: the one before")
        let (allGone, _) = self.change(count: 2, removed: [0, 1], inserted: [])
        XCTAssertNil(allGone.neighbour(of: 0))
    }

    func testRunsAreConsecutivePositions() {
        XCTAssertEqual(FolderChange.runs([1, 2, 3, 7, 9, 10]).map { [$0.start, $0.length] }, [[1, 3], [7, 1], [9, 2]])
        XCTAssertTrue(FolderChange.runs([]).isEmpty)
    }
}
