// Why this exists: every row of a list replaced (a cleared filter's 100,000 rows back, a new sort) costs the view a few hundred items, not one for every row: GtkListView 4.8 looks for an anchor that an emission removed among every row the emission adds, so the model's replace leaves the anchor in place (the view then scrolled to its new row, or kept at the top), and where the view still looks (a row it tracks for focus or selection went), the model hands out the one item the view keeps dropping rather than making 100,000.
import Foundation
import GLibRuntime
import Gtk
import TestAndBenchSupport
import XCTest

final class RowCountModelTests: XCTestCase {
    /// A window showing a list of `count` rows (each a label, or what `factory` makes), laid out.
    @MainActor
    static func shownList(_ count: Int, factory given: ListItemFactory? = nil) -> (Window, ListView, ScrolledWindow) {
        let factory = given ?? ListItemFactory()
        if given == nil { factory.onSetup { item in item.setChild(Label("")) } }
        let list = ListView(model: RowCountModel(count: count), factory: factory)
        let scrolled = ScrolledWindow()
        scrolled.setChild(list)
        let window = Window()
        window.setChild(scrolled)
        window.setDefaultSize(width: 300, height: 400)
        window.present()
        _ = MainLoop.iterate(until: { scrolled.vadjustment.upper > 0 }, timeout: 5)
        return (window, list, scrolled)
    }

    /// Items the view asked the model for while `body` ran and the view laid itself out after
    /// it, and how many of them were new objects.
    @MainActor
    private static func items(_ list: ListView, _ scrolled: ScrolledWindow, _ body: () -> Void) -> (asked: Int, made: Int) {
        let before = (list.model.itemsAsked, list.model.itemsMade)
        body()
        _ = MainLoop.iterate(until: { false }, timeout: 0.3)
        return (list.model.itemsAsked - before.0, list.model.itemsMade - before.1)
    }

    func testReplacingEveryRowMakesItemsOnlyForTheRowsAroundTheAnchor() throws {
        try XCTSkipIf(WindowTeardownTests.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(WindowTeardownTests.initializeGTK(on: WindowTeardownTests.display!.display), "GTK opened the display")
            // What this avoids, as GTK 4.8 has it: one emission that removes the anchor (or a row
            // GTK tracks for its focus or selection, which the app cannot keep in place): the view
            // asks for every row added, and drops each item at once, so the model hands the
            // same one out again.
            let (plainWindow, plain, plainScrolled) = Self.shownList(11)
            let looked = Self.items(plain, plainScrolled) { plain.model.replace(count: 100_000) }
            XCTAssertGreaterThanOrEqual(looked.asked, 100_000, "GtkListView 4.8 looks for the anchor among every row added")
            XCTAssertLessThan(looked.made, 1_000, "an item the view dropped is handed out again, not made anew")
            plainWindow.destroy()

            // The top row kept (11 filtered photos → 100,000, the top one now at row 1,233): followed there.
            let (followWindow, follow, followScrolled) = Self.shownList(11)
            // (The app then scrolls to it, as GalleryList does.)
            let followed = Self.items(follow, followScrolled) {
                follow.model.replace(count: 100_000, keeping: 0, at: 1233)
                follow.scrollTo(1233)
            }
            XCTAssertLessThan(followed.asked, 1_000, "items asked for the rows around the anchor only")
            XCTAssertEqual(follow.model.count, 100_000)
            // (Scrolled at the view's next layout, however late a busy machine makes it.)
            let askedBefore = follow.model.itemsAsked
            XCTAssertTrue(MainLoop.iterate(until: { followScrolled.vadjustment.value > 20 * 1000 }, timeout: 10),
                          "the view is at the top row's new place: \(followScrolled.vadjustment.value)")
            XCTAssertLessThan(followed.asked + follow.model.itemsAsked - askedBefore, 1_000, "and the scroll there asked for a screen's rows, not every row")
            followWindow.destroy()

            // No row kept (a new order, at the top): the view stays at its top.
            let (topWindow, top, topScrolled) = Self.shownList(11)
            let atTop = Self.items(top, topScrolled) { top.model.replace(count: 100_000, keeping: nil, at: nil) }
            XCTAssertLessThan(atTop.asked, 1_000, "items asked for the rows around the anchor only")
            XCTAssertEqual(top.model.count, 100_000)
            XCTAssertEqual(topScrolled.vadjustment.value, 0, "the view stayed at its top")
            topWindow.destroy()
        }
    }
}
