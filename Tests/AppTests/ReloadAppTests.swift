// Why this exists: reloading (F5) replaces the gallery, and every replaced gallery is freed with its records and thumbnails, so memory stays bounded however often the user reloads or opens.
import Foundation
import TestAndBenchSupport
import XCTest

final class ReloadAppTests: XCTestCase {
    func testEveryReplacedGalleryIsFreed() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [])
        defer { app.stop() }
        XCTAssertTrue(app.waitForFirstRows())
        let window = try app.mainWindow(on: xvfb)
        try xvfb.run("xdotool", ["windowactivate", "--sync", window])
        let reloads = 5
        for reload in 1...reloads {
            // Reload while the previous gallery still has work in flight, as an impatient user would.
            XCTAssertTrue(app.trace.wait(timeout: 10) { events in
                guard let opened = events.lastIndex(where: { $0.name == .manifest }) else { return false }
                return events[opened...].contains { $0.name == .started }
            }, "reload \(reload): the gallery on screen has work started")
            try xvfb.run("xdotool", ["key", "--window", window, "F5"])
            XCTAssertTrue(app.trace.wait(timeout: 10) { $0.filter { $0.name == .manifest }.count == reload + 1 }, "reload \(reload) opened the gallery again")
        }
        XCTAssertTrue(app.trace.wait(timeout: 10) { $0.filter { $0.name == .galleryFreed }.count == reloads },
                      "each of the \(reloads) replaced galleries was freed; freed: \(app.trace.events.filter { $0.name == .galleryFreed }.count)")
        XCTAssertTrue(app.process.isRunning)
        XCTAssertEqual(app.criticals, [])
    }
}
