// Why this exists: the tutorial's scroll rules as units, without a display: nothing starts while scrolling; at rest, off-screen work is cancelled and the visible rows start first, then the prefetch band at low priority; a held scrollbar ends a scroll after its delay; a stuck row does not hold the prefetch back past its rule; a listing's provisional first rows start nothing until it is whole, or half a second; a new gallery's expected first screen starts before its first layout.
@testable import GalleryViews
import Foundation
import PhotoPipeline
import PhotoTrace
import XCTest
@testable import PhotosApp

final class OnscreenSchedulerTests: XCTestCase {
    /// One scheduler on a fake list and gallery, with a clock the test moves.
    @MainActor
    final class Fixture {
        let clock = ManualClock()
        let list = FakeList()
        let scroll: ScrollState
        let scheduler: OnscreenScheduler
        let gallery: FakeGallery

        init(rows: Int = 1000, onScreen: ClosedRange<Int> = 0...9) {
            scroll = ScrollState(clock: clock)
            scheduler = OnscreenScheduler(list: list, scroll: scroll, clock: clock, trace: Trace())
            gallery = FakeGallery(count: rows)
            gallery.demand = scheduler
            list.onScreen = Array(onScreen)
            scheduler.attach(gallery)
            list.layOut()
        }

        /// A wheel turn that moves the list to `rows`, then the hand at rest: the settle delay
        /// passes and the list is laid out.
        func scroll(to rows: ClosedRange<Int>) {
            scroll.moved()
            list.onScreen = Array(rows)
            list.layOut()
            clock.advance(milliseconds: Double(ScrollState.settleMilliseconds))
            list.layOut()
        }
    }

    func testNothingStartsWhileScrolling() {
        MainActor.assumeIsolated {
            let f = Fixture()
            XCTAssertEqual(f.gallery.loads, [.load(visible: Array(0...9), prefetch: [])], "the first screen starts")
            let before = f.gallery.calls.count

            f.scroll.moved()
            XCTAssertTrue(f.gallery.suspended, "the queues are suspended as scrolling begins")
            XCTAssertEqual(f.gallery.calls.dropFirst(before).first, .suspend)
            XCTAssertFalse(f.scheduler.isWanted(3), "no row goes on to its filter while scrolling")
            // Rows come and go, work starts and ends, frames are painted, the wheel turns on.
            for step in 1...10 {
                f.list.onScreen = Array((step * 20)...(step * 20 + 9))
                f.list.rowBound.emit(step * 20)
                f.gallery.operationStarted.emit(step)
                f.list.rowChanged.emit(step)
                f.gallery.finish(step)
                f.list.layOut()
                f.clock.advance(milliseconds: Double(ScrollState.settleMilliseconds) - 1)
                f.scroll.moved()
            }
            XCTAssertTrue(f.scroll.isScrolling)
            XCTAssertEqual(Array(f.gallery.calls.dropFirst(before)), [.suspend], "nothing was loaded, resumed or prefetched while scrolling")

            // The wheel stops, and turns again before the list was laid out: the frame that
            // follows belongs to a new scroll and starts nothing.
            f.clock.advance(milliseconds: Double(ScrollState.settleMilliseconds))
            XCTAssertFalse(f.scroll.isScrolling)
            f.scroll.moved()
            f.list.layOut()
            XCTAssertEqual(Array(f.gallery.calls.dropFirst(before)), [.suspend, .suspend], "a layout during the next scroll started nothing")
        }
    }

    /// A folder's first rows, shown while its listing goes on, start nothing (the merge would
    /// move them off the screen) until the listing is whole; a listing that takes longer than
    /// half a second shows what it has.
    func testAListingsFirstRowsWaitUntilItIsWholeOrHalfASecond() {
        MainActor.assumeIsolated {
            let f = Fixture()
            for (index, releasedBy) in ["the listing", "the time"].enumerated() {
                let gallery = FakeGallery(count: 1000)
                gallery.demand = f.scheduler
                f.scheduler.attach(gallery)
                f.scheduler.holdWhileListing()
                f.list.layOut()
                XCTAssertEqual(gallery.loads, [], "\(index): held, nothing starts")
                XCTAssertTrue(gallery.suspended, "\(index): the queues wait")
                XCTAssertFalse(f.scheduler.isWanted(3))
                f.clock.advance(milliseconds: OnscreenScheduler.provisionalHoldSeconds * 1000 - 1)
                f.list.layOut()
                XCTAssertEqual(gallery.loads, [], "\(index): still held just before half a second")
                if releasedBy == "the listing" { f.scheduler.releaseHold() } else { f.clock.advance(milliseconds: 1) }
                f.list.layOut()
                XCTAssertEqual(gallery.loads, [.load(visible: Array(0...9), prefetch: [])], "\(index): released by \(releasedBy), the screen starts")
                XCTAssertFalse(gallery.suspended, "\(index): and the queues resume")
                XCTAssertTrue(f.scheduler.isWanted(3))
            }
        }
    }

    func testAtRestOffscreenWorkIsCancelledAndTheVisibleRowsStartFirst() {
        MainActor.assumeIsolated {
            let f = Fixture()
            XCTAssertEqual(Set(f.gallery.inProgress.keys), Set(0...9))
            let before = f.gallery.calls.count

            f.scroll(to: 500...509)
            XCTAssertFalse(f.scroll.isScrolling)
            XCTAssertEqual(Array(f.gallery.calls.dropFirst(before)),
                           [.suspend, .load(visible: Array(500...509), prefetch: []), .resume],
                           "at rest: the screen's rows are loaded (alone) before the queues resume")
            XCTAssertEqual(f.gallery.cancelled, Array(0...9), "the rows that left the screen were cancelled")
            XCTAssertEqual(Set(f.gallery.inProgress.keys), Set(500...509))
            XCTAssertTrue(f.gallery.inProgress.values.allSatisfy { $0 == PhotoGallery.visiblePriority }, "\(f.gallery.inProgress)")
            XCTAssertEqual(f.gallery.pinned, Set(500...509), "the screen's images cannot be evicted")
            XCTAssertTrue(f.scheduler.isWanted(505))
            XCTAssertFalse(f.scheduler.isWanted(5), "a row that left the screen does not go on to its filter")
        }
    }

    func testThePrefetchBandStartsOnceTheVisibleRowsAreDoneAtLowPriority() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroll(to: 100...109)
            let afterRest = f.gallery.loads.count
            for row in 100...108 { f.gallery.finish(row); f.list.rowChanged.emit(row) }
            XCTAssertEqual(f.gallery.loads.count, afterRest, "no prefetch while a visible row is still waiting for a slot")

            f.gallery.finish(109)
            f.list.rowChanged.emit(109)
            let band = Array((90...99).reversed()) + Array(110...119)
            XCTAssertEqual(f.gallery.loads.last, .load(visible: Array(100...109), prefetch: band),
                           "one screen above (nearest first) and one below")
            XCTAssertTrue(band.allSatisfy { f.gallery.inProgress[$0] == PhotoGallery.prefetchPriority }, "\(f.gallery.inProgress)")
            XCTAssertEqual(f.gallery.pinned, Set(90...119))
            XCTAssertTrue(f.scheduler.isWanted(115), "a prefetched row goes on to its filter")

            // Only once per rest: more changes start nothing new.
            f.list.rowChanged.emit(110)
            XCTAssertEqual(f.gallery.loads.count, afterRest + 1)
        }
    }

    func testAHeldScrollbarCountsAsAStopAfterItsDelay() {
        MainActor.assumeIsolated {
            let f = Fixture()
            let settle = Double(ScrollState.settleMilliseconds)
            // The slider is dragged, then held still with the button down.
            f.scroll.moved()
            f.clock.advance(milliseconds: settle / 2)
            f.scroll.moved()
            f.list.onScreen = Array(300...309)
            f.clock.advance(milliseconds: settle - 1)
            XCTAssertTrue(f.scroll.isScrolling, "still moving a moment ago")
            f.clock.advance(milliseconds: 1)
            XCTAssertFalse(f.scroll.isScrolling, "held still for the delay: a stop")
            f.list.layOut()
            XCTAssertEqual(f.gallery.loads.last, .load(visible: Array(300...309), prefetch: []), "the rows under the held slider start")

            // Fingers resting on a touchpad are not a stop, however long.
            f.scroll.touchpadBegan()
            f.clock.advance(milliseconds: settle * 20)
            XCTAssertTrue(f.scroll.isScrolling, "fingers down: still scrolling")
            f.scroll.touchpadEnded()
            f.clock.advance(milliseconds: settle)
            XCTAssertFalse(f.scroll.isScrolling, "fingers lifted and the list still: a stop")
        }
    }

    func testAStuckVisibleRowDoesNotHoldThePrefetchBackPastItsRule() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroll(to: 200...209)
            let afterRest = f.gallery.loads.count
            for row in 200...209 where row != 204 && row != 207 { f.gallery.finish(row) }
            // Row 204 starts and hangs (a server that stopped answering); row 207 waits for a
            // slot (queued, not running): it holds the band back, however long.
            f.gallery.running[204] = f.clock.now
            f.gallery.operationStarted.emit(204)
            f.clock.advance(milliseconds: 10_000)
            XCTAssertEqual(f.gallery.loads.count, afterRest, "a row that has not started yet holds the prefetch back")

            // Row 207 starts, and hangs too: the band waits for the rule's time from its start.
            f.gallery.running[207] = f.clock.now
            f.gallery.operationStarted.emit(207)
            f.clock.advance(milliseconds: OnscreenScheduler.stuckAfterSeconds * 1000 - 1)
            XCTAssertEqual(f.gallery.loads.count, afterRest, "running for less than the rule's time: still waited for")
            f.clock.advance(milliseconds: 1)
            XCTAssertEqual(f.gallery.loads.last, .load(visible: Array(200...209), prefetch: Array((190...199).reversed()) + Array(210...219)),
                           "running for the rule's time: the band starts anyway")
        }
    }

    /// Rows that come on screen a frame after the rest without a scroll or a bind (GTK laying the
    /// list out again, as when a blank screen below the rows is repaired) are scheduled as a
    /// rest's, and a frame that changes nothing schedules nothing.
    func testRowsMappedAFrameAfterTheRestAreScheduled() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroll(to: 993...993)
            XCTAssertEqual(f.gallery.loads.last, .load(visible: [993], prefetch: []), "the rest's frame showed one row")
            let before = f.gallery.loads.count

            f.list.onScreen = Array(990...999)
            f.list.layOut()
            XCTAssertEqual(f.gallery.loads.last, .load(visible: Array(990...999), prefetch: []), "the rows mapped a frame later start")
            XCTAssertEqual(f.scheduler.visible, Array(990...999))
            f.list.layOut()
            XCTAssertEqual(f.gallery.loads.count, before + 1, "a frame that shows the same rows starts nothing")
        }
    }

    /// A new gallery's expected first screen starts before the list is laid out; a layout that
    /// shows no row yet leaves it be; the first layout with rows cancels what it does not show
    /// and starts the rest. Not while a listing holds its rows, nor once the list is laid out.
    func testTheExpectedFirstScreenStartsBeforeTheFirstLayout() {
        MainActor.assumeIsolated {
            let f = Fixture()
            let gallery = FakeGallery(count: 1000)
            gallery.demand = f.scheduler
            f.scheduler.attach(gallery)
            f.scheduler.startExpectedScreen(rows: 8)
            XCTAssertEqual(gallery.loads, [.load(visible: Array(0...7), prefetch: [])], "the expected rows start before any layout")
            XCTAssertFalse(gallery.suspended)
            XCTAssertTrue(f.scheduler.isWanted(7))
            XCTAssertFalse(f.scheduler.isWanted(8))

            f.list.onScreen = []
            f.list.layOut()
            XCTAssertEqual(gallery.loads.count, 1, "a layout with no row on screen yet leaves them running")
            XCTAssertEqual(gallery.cancelled, [])

            f.list.onScreen = Array(0...5)
            f.list.rowBound.emit(0)
            f.list.layOut()
            XCTAssertEqual(gallery.loads.last, .load(visible: Array(0...5), prefetch: []), "the first layout with rows schedules them")
            XCTAssertEqual(gallery.cancelled, [6, 7], "the rows expected but not shown are cancelled")

            f.scheduler.startExpectedScreen(rows: 8)
            XCTAssertEqual(gallery.loads.count, 2, "once laid out, nothing is expected any more")

            let held = FakeGallery(count: 1000)
            held.demand = f.scheduler
            f.scheduler.attach(held)
            f.scheduler.holdWhileListing()
            f.scheduler.startExpectedScreen(rows: 8)
            XCTAssertEqual(held.loads, [], "a held listing's rows are not expected")
        }
    }

    /// The viewer over the list: a layout asked for (rows joined the hidden list) finds no row on
    /// screen, which is no rest: nothing is cancelled, and the viewer's photo's download goes on.
    func testALayoutWithNoRowOnScreenCancelsNothingEvenWhenAskedFor() {
        MainActor.assumeIsolated {
            let f = Fixture()
            let before = f.gallery.loads.count
            f.list.onScreen = []
            f.list.rowBound.emit(20)
            f.list.layOut()
            XCTAssertEqual(f.gallery.loads.count, before, "nothing scheduled")
            XCTAssertEqual(f.gallery.cancelled, [])
            XCTAssertEqual(Set(f.gallery.inProgress.keys), Set(0...9))

            f.list.onScreen = Array(0...9)
            f.list.layOut()
            XCTAssertEqual(f.gallery.loads.count, before + 1, "the list back on screen is looked at again")
        }
    }
}
