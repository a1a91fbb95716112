// Why this exists: the viewer's zoom arithmetic without a display: limits, best fit, zoom around a point, edges kept outside, resizing, the double-click policy and the easing.
@testable import GalleryViews
import XCTest
@testable import PhotosApp

final class ZoomGeometryTests: XCTestCase {
    /// A 1800 × 1200 photo in a 720 × 686 view (the viewer test's numbers).
    private func geometry() -> ZoomGeometry {
        var g = ZoomGeometry()
        g.resize(width: 720, height: 686)
        g.setImage(width: 1800, height: 1200, keepView: false, upscale: false)
        return g
    }

    func testBestFitNeverEnlargesUnlessAsked() {
        var g = geometry()
        XCTAssertEqual(g.fitZoom, 0.4, accuracy: 1e-9, "720 / 1800")
        g.setImage(width: 100, height: 50, keepView: false, upscale: false)
        XCTAssertEqual(g.fitZoom, 1, "a small photo stays at 100 %")
        g.setImage(width: 100, height: 50, keepView: false, upscale: true)
        XCTAssertEqual(g.fitZoom, 7.2, accuracy: 1e-9, "a thumbnail standing in is scaled up")
    }

    func testLimits() {
        var g = geometry()
        XCTAssertEqual(g.clamped(100), ZoomGeometry.maxZoom)
        XCTAssertEqual(g.clamped(0.01), ZoomGeometry.minZoom, "down to 10 %")
        g.setImage(width: 30000, height: 20000, keepView: false, upscale: false)
        XCTAssertEqual(g.clamped(0.001), g.fitZoom, accuracy: 1e-12, "a huge photo may go below 10 %, to its fit")
    }

    func testZoomKeepsThePointUnderThePointer() {
        var g = geometry()
        let at = (x: 250.0, y: 343.0)
        let before = g.imagePoint(x: at.x, y: at.y)
        g.set(zoom: g.wheelZoom(-2), keeping: before, at: at)
        XCTAssertEqual(g.currentZoom, 0.4 * 1.25 * 1.25, accuracy: 1e-9, "two wheel clicks up: two steps")
        XCTAssertFalse(g.bestFit)
        let after = g.imagePoint(x: at.x, y: at.y)
        XCTAssertEqual(after.x, before.x, accuracy: 1e-9)
        XCTAssertEqual(after.y, before.y, accuracy: 1e-9)
        g.set(zoom: g.fitZoom, keeping: after, at: at)
        XCTAssertTrue(g.bestFit, "zoomed back to the fit is best fit again")
    }

    func testTheEdgesStayOutsideTheView() {
        var g = geometry()
        g.set(zoom: 1, keeping: (0, 0), at: (360, 343))
        XCTAssertEqual(g.centerX, 360, accuracy: 1e-9, "the left edge stays at the view's left")
        XCTAssertEqual(g.centerY, 343, accuracy: 1e-9)
        g.pan(dx: -100_000, dy: -100_000)
        XCTAssertEqual(g.centerX, 1800 - 360, accuracy: 1e-9, "the right edge stays at the view's right")
        XCTAssertEqual(g.centerY, 1200 - 343, accuracy: 1e-9)
        // Narrower than the view on one axis: centred on it.
        g.resize(width: 2000, height: 686)
        XCTAssertEqual(g.centerX, 900, accuracy: 1e-9)
    }

    func testResizingBelowTheZoomMakesItTheFit() {
        var g = geometry()
        g.set(zoom: 0.5, keeping: (900, 600), at: (360, 343))
        g.resize(width: 1500, height: 1000)
        XCTAssertTrue(g.bestFit, "the fit (0.83) passed the zoom (0.5)")
        XCTAssertEqual(g.currentZoom, 1000.0 / 1200, accuracy: 1e-9)
    }

    func testANewPhotoKeepsTheViewOnlyWhenAskedAndTheSameSize() {
        var g = geometry()
        g.set(zoom: 1, keeping: (100, 100), at: (360, 343))
        XCTAssertFalse(g.setImage(width: 1800, height: 1200, keepView: true, upscale: false), "the sepia version: kept")
        XCTAssertEqual(g.currentZoom, 1)
        XCTAssertTrue(g.setImage(width: 1800, height: 1201, keepView: true, upscale: false), "another size: best fit")
        XCTAssertTrue(g.bestFit)
        XCTAssertEqual(g.drawnCenter.x, 900)
    }

    func testDoubleClick() {
        var g = geometry()
        XCTAssertEqual(g.doubleClick, .actualSize, "from best fit: 100 %")
        g.set(zoom: 1, keeping: (900, 600), at: (360, 343))
        XCTAssertEqual(g.doubleClick, .bestFit, "from 100 %: best fit")
        g.setImage(width: 300, height: 200, keepView: false, upscale: false)
        XCTAssertEqual(g.doubleClick, .bestFit, "a photo whose fit is 100 %: nothing larger to go to")
    }

    func testEasingEndsWhereItIsHeadedAndIsEvenInLogSpace() {
        XCTAssertEqual(ZoomGeometry.eased(0), 0)
        XCTAssertEqual(ZoomGeometry.eased(1), 1)
        XCTAssertEqual(ZoomGeometry.eased(0.5), 0.875, accuracy: 1e-12, "ease-out cubic")
        XCTAssertEqual(ZoomGeometry.interpolated(from: 0.5, to: 2, 0.5), 1, accuracy: 1e-12, "halfway from ½ to 2 is 1")
        XCTAssertEqual(ZoomGeometry.interpolated(from: 0.5, to: 2, 1), 2, accuracy: 1e-12)
    }
}
