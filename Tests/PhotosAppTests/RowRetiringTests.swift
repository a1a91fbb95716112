// Why this exists: the row widgets GtkListView lets go of all at once (a filter that leaves a handful of hundreds of rows) are not freed in the emission that let them go but a step at a time at idle moments, and all of them in the end.
@testable import GalleryViews
import Foundation
import GLibRuntime
import Gtk
import PhotoTrace
import TestAndBenchSupport
import XCTest

final class RowRetiringTests: XCTestCase {
    nonisolated(unsafe) static let display: Xvfb? = try? Xvfb(width: 800, height: 600)

    func testRowsLetGoAreFreedAtIdleMomentsAStepAtATime() throws {
        try XCTSkipIf(Self.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            // GTK reads these once, as it starts; not left for the app tests in this process.
            let names = ["DISPLAY", "GDK_BACKEND", "GSK_RENDERER", "GTK_A11Y"]
            let saved = names.map { ProcessInfo.processInfo.environment[$0] }
            for (name, value) in zip(names, [Self.display!.display, "x11", "cairo", "none"]) { setenv(name, value, 1) }
            XCTAssertTrue(GtkSetup.initialize(), "GTK opened the display")
            for (name, value) in zip(names, saved) { if let value { setenv(name, value, 1) } else { unsetenv(name) } }

            let trace = Trace()
            let list = GalleryList(thumbnailSize: 48, colours: DisplayColour(trace: trace), trace: trace)
            let window = Window()
            window.setChild(list.scrolled)
            window.setDefaultSize(width: 400, height: 500)
            window.present()
            defer { window.destroy() }
            list.model.replace(count: 300)
            let live = { list.rows.filter { $0.value != nil }.count }
            XCTAssertTrue(MainLoop.iterate(until: { live() >= 200 }, timeout: 10), "GTK made its row widgets: \(live())")
            let made = live()

            // A filter leaves 5: GTK lets go of the rest in this one emission.
            list.model.replace(count: 5)
            XCTAssertGreaterThanOrEqual(live(), made, "none freed in the emission that let them go")
            XCTAssertGreaterThan(list.retiring.count, made - 20)
            var steps = 0
            while !list.retiring.isEmpty, steps < 1000 {
                let before = list.retiring.count
                _ = MainLoop.iterate(until: { list.retiring.count < before }, timeout: 5)
                XCTAssertLessThanOrEqual(before - list.retiring.count, GalleryList.retiringStep, "a step at a time")
                steps += 1
            }
            XCTAssertTrue(list.retiring.isEmpty, "all freed in the end")
            XCTAssertLessThanOrEqual(live(), 10, "only the rows shown are left: \(live())")
        }
    }
}
