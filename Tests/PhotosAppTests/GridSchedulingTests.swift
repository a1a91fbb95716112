// Why this exists: the scroll rules hold for a grid, cell by cell, at several column counts: the cells on screen are whole grid rows (as the grid's geometry gives them), the ones that left are cancelled at rest, those on screen start first, and the prefetch band is one screen of cells above and below, whole grid rows, nearest first.
import Foundation
import PhotoPipeline
import XCTest
@testable import PhotosApp

final class GridSchedulingTests: XCTestCase {
    /// The cells a grid of `columns` shows with grid row `top` at the top and `rows` grid rows on screen.
    static func cells(columns: Int, top: Int, rows: Int, count: Int) -> [Int] {
        Array((top * columns)..<min(count, (top + rows) * columns))
    }

    func testTheRulesHoldCellByCellAtSeveralColumnCounts() {
        MainActor.assumeIsolated {
            for columns in [1, 3, 5, 8] {
                let rows = 4, count = 2_000
                let first = Self.cells(columns: columns, top: 0, rows: rows, count: count)
                let f = OnscreenSchedulerTests.Fixture(rows: count, onScreen: 0...(first.count - 1))
                XCTAssertEqual(f.gallery.loads, [.load(visible: first, prefetch: [])], "\(columns) columns: the first screen of cells starts")

                let screen = Self.cells(columns: columns, top: 50, rows: rows, count: count)
                f.scroll(to: screen.first!...screen.last!)
                XCTAssertEqual(f.gallery.cancelled, first, "\(columns) columns: the cells that left the screen were cancelled")
                XCTAssertEqual(Set(f.gallery.inProgress.keys), Set(screen), "\(columns) columns: only the screen's cells run")
                XCTAssertTrue(f.gallery.inProgress.values.allSatisfy { $0 == PhotoGallery.visiblePriority })

                for cell in screen { f.gallery.finish(cell); f.list.rowChanged.emit(cell) }
                let above = Self.cells(columns: columns, top: 50 - rows, rows: rows, count: count)
                let below = Self.cells(columns: columns, top: 50 + rows, rows: rows, count: count)
                XCTAssertEqual(f.gallery.loads.last, .load(visible: screen, prefetch: above.reversed() + below),
                               "\(columns) columns: one screen of cells above (nearest first) and one below, whole grid rows")
                XCTAssertTrue((above + below).allSatisfy { f.gallery.inProgress[$0] == PhotoGallery.prefetchPriority })
                XCTAssertEqual(f.gallery.pinned, Set(above + screen + below), "\(columns) columns")
            }
        }
    }
}
