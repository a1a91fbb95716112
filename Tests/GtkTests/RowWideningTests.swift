// Why this exists: a list's rows replaced a few dozen at a time from its top row (RowCountModel's `first`), as GtkListView 4.8 takes it: each step makes widgets for the rows it adds only, the rows before the top row join making hardly any, and the view ends with the same row at its top and every position it hands out counted as a row.
import Foundation
import GLibRuntime
import Gtk
import TestAndBenchSupport
import XCTest

final class RowWideningTests: XCTestCase {
    func testRowsJoinAStepAtATimeAndTheTopRowStays() throws {
        try XCTSkipIf(WindowTeardownTests.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(WindowTeardownTests.initializeGTK(on: WindowTeardownTests.display!.display), "GTK opened the display")
            var made = 0
            let factory = ListItemFactory()
            factory.onSetup { item in
                made += 1
                let label = Label("")
                label.setSizeRequest(width: 100, height: 30)
                item.setChild(label)
            }
            let (window, list, scrolled) = RowCountModelTests.shownList(11, factory: factory)
            defer { window.destroy() }
            // Each row is at least 30 pixels high: the view has laid out `count` rows once its
            // height says so (waited for, not slept: a busy machine lays out late, and a step's
            // widgets would then count in the next step's).
            let settle = { (count: Int) in
                XCTAssertTrue(MainLoop.iterate(until: { scrolled.vadjustment.upper >= Double(count * 30) }, timeout: 10),
                              "\(count) rows laid out: \(scrolled.vadjustment.upper) pixels")
                _ = MainLoop.iterate(until: { false }, timeout: 0.05)
            }
            settle(11)

            // 11 filtered rows → 100,000, the top one now row 1,233: the model holds 40 from it.
            var before = made
            list.model.replace(count: 40, keeping: 0, first: 1233)
            list.scrollTo(1233)
            settle(40)
            XCTAssertLessThanOrEqual(made - before, 45, "widgets for the rows held only")
            XCTAssertEqual(list.model.first, 1233)
            for _ in 0..<5 {
                before = made
                list.model.append(40)
                settle(list.model.count)
                XCTAssertLessThanOrEqual(made - before, 45, "a step makes widgets for its rows only")
            }
            list.model.append(100_000 - 1233 - 240)
            before = made
            list.model.joinFirst()
            list.scrollTo(1233)
            settle(100_000)
            XCTAssertLessThanOrEqual(made - before, 10, "the rows before the top row join making hardly a widget")
            XCTAssertEqual(list.model.first, 0)
            XCTAssertEqual(list.model.count, 100_000)
            let top = { scrolled.vadjustment.value / (scrolled.vadjustment.upper / 100_000) }
            XCTAssertTrue(MainLoop.iterate(until: { abs(top() - 1233) < 1 }, timeout: 10), "row 1,233 is still at the top: \(top())")

            // Another gallery's rows while some are held back: counted from row 0 again.
            list.model.replace(count: 10, keeping: 0, first: 5)
            list.model.replace(count: 20)
            XCTAssertEqual(list.model.first, 0, "a whole replace starts at row 0")
        }
    }
}
