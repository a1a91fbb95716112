// Why this exists: the viewer's side of zooming a drawing (SVG): asked for more pixels it renders the drawing again at that size, keeps the size it is shown at, and stops asking once the pixel cap has made a rendering smaller than asked.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline

final class DrawingZoomTests: XCTestCase {
    func testADrawingIsRenderedLargerUntilThePixelCap() throws {
        let folder = TemporaryFiles.url("drawing-zoom-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#1060e0"/></svg>"##
        try Data(svg.utf8).write(to: folder.appendingPathComponent("drawing.svg"))
        let json = #"[{"name": "drawing", "url": "drawing.svg"}]"#
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: folder.appendingPathComponent("g.json"))
            let settings = harness.gallery.settings
            let viewer = PhotoViewer(gallery: harness.gallery)
            viewer.open(0)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil }, "the drawing is shown")
            let first = try XCTUnwrap(viewer.image(for: 0))
            XCTAssertTrue(first.isDrawing)
            XCTAssertEqual(first.image.width, settings.viewerScreenPixels, "fitted to the screen first")
            let shown = try XCTUnwrap(first.details.drawingSize)

            // Zoomed in: rendered again at the side asked, shown at the same size.
            viewer.wantDrawing(side: 2_400)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0)?.image.width == 2_400 }, "rendered at 2,400 pixels")
            XCTAssertEqual(viewer.image(for: 0)?.details.drawingSize, shown, "shown at the size it first showed at")

            // Far past the pixel cap: rendered as large as the cap allows (smaller than asked)...
            viewer.wantDrawing(side: 12_000)
            // (A rendering at the cap took over 30 s under AddressSanitizer beside a loaded suite.)
            XCTAssertTrue(harness.run(timeout: 120) { (viewer.image(for: 0)?.image.width ?? 0) > 2_400 }, "rendered larger again: \(String(describing: viewer.failure(for: 0))) \(String(describing: viewer.image(for: 0)?.image.width))")
            let capped = try XCTUnwrap(viewer.image(for: 0))
            XCTAssertLessThanOrEqual(capped.image.width * capped.image.height, settings.viewerMaxPixels)
            XCTAssertLessThan(capped.image.width, 12_000)
            // ...and a further zoom asks for nothing more: it could not be sharper.
            viewer.wantDrawing(side: 14_000)
            XCTAssertNil(harness.gallery.pending.viewersInProgress[0], "no rendering asked past the cap")
            viewer.close()
        }
    }
}
