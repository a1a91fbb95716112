// Why this exists: the scroll rule an export follows, as units without a display: its new photos wait while the user scrolls and go on the moment the scroll ends, even with no layout after it, and a gallery left mid-scroll does not keep its export waiting.
@testable import GalleryViews
import Foundation
import PhotoPipeline
import PhotoTrace
import XCTest
@testable import PhotosApp

final class ExportPauseSchedulerTests: XCTestCase {
    func testAnExportWaitsOnlyWhileTheUserScrolls() {
        MainActor.assumeIsolated {
            let f = OnscreenSchedulerTests.Fixture()
            XCTAssertEqual(f.gallery.exportPauses, [], "at rest an export runs")
            f.scroll.moved()
            XCTAssertEqual(f.gallery.exportPauses, [true], "the scroll's start pauses it")
            f.clock.advance(milliseconds: Double(ScrollState.settleMilliseconds) - 1)
            f.scroll.moved()
            XCTAssertTrue(f.gallery.exportsPaused, "still scrolling")
            // The list is hidden (the viewer over it): no layout finds rows, so the queues wait,
            // but the export does not.
            f.list.onScreen = []
            f.clock.advance(milliseconds: Double(ScrollState.settleMilliseconds))
            f.list.layOut()
            XCTAssertEqual(f.gallery.exportPauses, [true, false], "the scroll's end resumes it, with no rows laid out")
            XCTAssertTrue(f.gallery.suspended, "while the list's own queues still wait for a layout with rows")
        }
    }

    func testAGalleryLeftMidScrollResumesItsExport() {
        MainActor.assumeIsolated {
            let f = OnscreenSchedulerTests.Fixture()
            f.scroll.moved()
            let next = FakeGallery(count: 10)
            f.scheduler.attach(next)
            XCTAssertFalse(f.gallery.exportsPaused, "the gallery left goes on exporting")
            XCTAssertTrue(next.exportsPaused, "the one attached mid-scroll waits for the scroll's end")
            f.clock.advance(milliseconds: Double(ScrollState.settleMilliseconds))
            XCTAssertFalse(next.exportsPaused)
            XCTAssertEqual(f.gallery.exportPauses, [true, false])
        }
    }
}
