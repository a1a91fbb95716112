// Why this exists: destroys a window holding event controllers, a drop target and a scrolled adjustment, many times, checking that every hand-off to GTK gave GTK a reference of its own (a double unref is a CRITICAL, fatal here, or a use-after-free under ASan).
import Foundation
import GLibRuntime
import Gtk
import TestAndBenchSupport
import XCTest

final class WindowTeardownTests: XCTestCase {
    /// One X server and one GTK for the whole class (GTK can be initialised once per process).
    nonisolated(unsafe) static let display: Xvfb? = try? Xvfb(width: 800, height: 600)

    /// GTK reads these when it starts; they are set only for that, so the app tests that run
    /// later in this process do not inherit them (GTK_A11Y=none would turn their accessibility off).
    @MainActor
    static func initializeGTK(on display: String) -> Bool {
        let names = ["DISPLAY", "GDK_BACKEND", "GSK_RENDERER", "GTK_A11Y"]
        let saved = names.map { ProcessInfo.processInfo.environment[$0] }
        defer {
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        for (name, value) in zip(names, [display, "x11", "cairo", "none"]) { setenv(name, value, 1) }
        return GtkSetup.initialize()
    }

    func testDestroyingWindowsWithControllersDropsEachReferenceOnce() throws {
        try XCTSkipIf(Self.display == nil, "no Xvfb")
        MainActor.assumeIsolated {
            XCTAssertTrue(Self.initializeGTK(on: Self.display!.display), "GTK opened the display")
            var kept: [(EventController, Adjustment)] = []
            for round in 0..<60 {
                let scroll = EventControllerScroll()
                scroll.onScroll { _, _ in false }
                let drop = DropTarget()
                drop.onDropFile { _ in true }
                let before = (scroll: scroll.ref.referenceCount, drop: drop.ref.referenceCount)
                var adjustment: Adjustment?
                do {
                    let window = Window()
                    let scrolled = ScrolledWindow()
                    let box = Box(.vertical)
                    for i in 0..<40 { box.append(Label("row \(i)")) }
                    scrolled.setChild(box)
                    window.setChild(scrolled)
                    window.setDefaultSize(width: 300, height: 200)
                    scrolled.addController(scroll)
                    XCTAssertEqual(scroll.ref.referenceCount, before.scroll + 1, "the widget got a reference of its own")
                    window.addController(drop)
                    XCTAssertEqual(drop.ref.referenceCount, before.drop + 1, "the window got a reference of its own")
                    let vadjustment = scrolled.vadjustment
                    adjustment = vadjustment
                    var moved = 0
                    vadjustment.onValueChanged { moved += 1 }

                    window.present()
                    XCTAssertTrue(MainLoop.iterate(until: { vadjustment.upper > vadjustment.pageSize }, timeout: 5), "laid out")
                    vadjustment.value = 50
                    XCTAssertGreaterThan(moved, 0, "round \(round): the adjustment is the scrolled window's")
                    window.destroy()
                }
                // The window and its widgets are gone: GTK released exactly the references it was given.
                _ = MainLoop.iterate(until: { scroll.ref.referenceCount == before.scroll }, timeout: 2)
                XCTAssertEqual(scroll.ref.referenceCount, before.scroll, "round \(round): the scroll controller")
                XCTAssertEqual(drop.ref.referenceCount, before.drop, "round \(round): the drop target")
                // A timer that fires now (as ScrollTracker's settle timer can) may still touch the adjustment.
                adjustment?.value = 0
                _ = adjustment?.value
                if round % 10 == 0, let adjustment { kept.append((scroll, adjustment)) }
            }
            kept.removeAll()
            _ = MainLoop.iterate(until: { false }, timeout: 0.2)
        }
    }
}
