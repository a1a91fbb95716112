// Why this exists: a gallery is remembered as the one to reopen only once it has loaded (or failed with a shown reason): after the app dies while loading one, the next launch opens the empty page, says why, and offers the gallery among the recent ones.
import Foundation
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class InterruptedLoadAppTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func testAGalleryTheAppDiedLoadingIsNotReopened() throws {
        let folder = TemporaryFiles.url("interrupted-\(UUID().uuidString)")
        let environment = try PersistentSettings.environment(in: folder)
        let xvfb = try Xvfb()
        // A gallery that loads, then one whose manifest takes a minute to arrive.
        let good = Self.server.baseURL.absoluteString + "/gallery.json?count=20&m=\(UUID().uuidString)"
        let slow = Self.server.baseURL.absoluteString + "/gallery.json?count=20&manifestdelay=60000&m=\(UUID().uuidString)"
        let first = try AppProcess(display: xvfb.display, arguments: [good], environment: environment)
        defer { first.stop() }
        XCTAssertTrue(first.trace.wait(timeout: 30) { $0.contains { $0.name == .manifest } }, "the first gallery loaded")
        XCTAssertTrue(poll(timeout: 10) { PersistentSettings.keyfile(in: folder).contains("last-manifest='\(good)'") },
                      "remembered once loaded: \(PersistentSettings.keyfile(in: folder))")
        first.stop()

        // The app dies (kill -9, as a crash would) while the slow one loads.
        let second = try AppProcess(display: xvfb.display, arguments: [slow], environment: environment)
        defer { second.stop() }
        XCTAssertTrue(second.trace.wait(timeout: 30) { $0.contains { $0.event == .page(name: "loading") } }, "loading")
        XCTAssertTrue(poll(timeout: 10) { PersistentSettings.keyfile(in: folder).contains("loading-gallery='\(slow)'") },
                      "the load in progress is written down: \(PersistentSettings.keyfile(in: folder))")
        XCTAssertFalse(PersistentSettings.keyfile(in: folder).contains("last-manifest='\(slow)'"), "not yet the one to reopen")
        kill(second.process.processIdentifier, SIGKILL)
        XCTAssertTrue(second.process.wait(timeout: 10), "the app died")

        // The next launch opens neither: the empty page says why and offers it.
        let third = try AppProcess(display: xvfb.display, arguments: [], environment: environment)
        defer { third.stop() }
        XCTAssertTrue(third.trace.wait(timeout: 30) { $0.contains { $0.event == .interrupted(source: slow) } }, "the interrupted load was noticed")
        XCTAssertTrue(poll(timeout: 15) {
            let names = ((try? AccessibleNames.read(third)) ?? []).map(\.name)
            // The gallery's name is isolated (FSI … PDI) among the sentence's words.
            return names.contains { $0.hasPrefix("“\u{2068}gallery\u{2069}” did not finish loading last time") }
                && names.contains("\u{2068}gallery\u{2069} on 127.0.0.1")
        }, "the empty page says why and lists it among the recent galleries: \(((try? AccessibleNames.read(third)) ?? []).map(\.name))")
        XCTAssertFalse(third.trace.pages.contains { $0 == "loading" || $0 == "list" }, "nothing was opened: \(third.trace.pages)")
        XCTAssertFalse(third.trace.events.contains { $0.name == .manifest || $0.name == .rows }, "no gallery loaded")
        XCTAssertEqual(first.criticals + third.criticals, [])
    }
}
