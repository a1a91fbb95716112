// Why this exists: while a manifest loads the window shows a loading page with the gallery's name (never the empty "No Gallery Open" page), and the empty page only when nothing could be opened.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class LoadingPageAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testSlowManifestShowsTheLoadingPageWithItsName() throws {
        let xvfb = try Xvfb()
        let manifest = Self.server.baseURL.absoluteString + "/gallery.json?count=8&manifestdelay=2500"
        let app = try AppProcess(display: xvfb.display, arguments: [manifest])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 10) { _ in app.trace.pages.contains("loading") }, "the loading page is shown")
        XCTAssertFalse(app.trace.events.contains { $0.name == .manifest }, "the manifest is still on its way")
        // Its name and what is happening, as a screen reader reads them.
        let names = try AccessibleNames.read(app)
        XCTAssertTrue(names.contains { $0.name == "gallery" }, "the gallery's name is shown: \(names.map(\.name))")
        XCTAssertTrue(names.contains { $0.name == "Loading the gallery…" })
        XCTAssertTrue(app.waitForFirstRows(), "the rows arrive")
        XCTAssertEqual(app.trace.pages, ["loading", "list"], "never the empty page in between")
        XCTAssertEqual(app.criticals, [])
    }

    func testManifestThatFailsWithNothingOpenEndsOnTheEmptyPage() throws {
        let xvfb = try Xvfb()
        let app = try AppProcess(display: xvfb.display, arguments: [Self.server.baseURL.absoluteString + "/missing.json"])
        defer { app.stop() }
        XCTAssertTrue(app.trace.wait(timeout: 30) { $0.contains { $0.name == .manifestFailed } })
        XCTAssertTrue(app.trace.wait(timeout: 5) { _ in app.trace.pages == ["loading", "empty"] }, "pages: \(app.trace.pages)")
        XCTAssertEqual(app.criticals, [])
    }
}
