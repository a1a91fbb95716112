// Why this exists: SVG drawings decoded as they are shown: at the row's size, larger or smaller than they declare, sharp, and a huge one within the pixel cap instead of refused.
import Foundation
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

/// SVG is drawn at the size it is shown, not scaled as a bitmap, and a huge one is capped, not refused.
final class DrawingDecodeTests: XCTestCase {
    func svg(width: String?, height: String?) -> Data {
        let size = [width.map { "width=\"\($0)\"" }, height.map { "height=\"\($0)\"" }].compactMap { $0 }.joined(separator: " ")
        return Data(##"<svg xmlns="http://www.w3.org/2000/svg" \##(size) viewBox="0 0 40 30"><rect width="40" height="30" fill="#20a040"/><rect width="20" height="15" fill="#ffffff"/></svg>"##.utf8)
    }

    func testASmallDrawingIsDrawnAtTheRowsSizeAndAHugeOneWithinThePixelCap() throws {
        let small = try ImageDecoder(maxDimension: 128).decode(svg(width: "40", height: "30"))
        XCTAssertEqual(small.width, 128, "drawn at the box's size, not at its declared 40 px")
        // Sharp: the white quarter's edge is one pixel wide, not a blurred ramp of upscaling.
        let edge = (60...68).map { Int(small.pixel(x: $0, y: 10)[0]) }
        XCTAssertLessThanOrEqual(edge.filter { $0 > 60 && $0 < 220 }.count, 1, "a crisp edge: \(edge)")

        let viewBoxOnly = try ImageDecoder(maxDimension: 128).decode(svg(width: nil, height: nil))
        XCTAssertEqual(viewBoxOnly.width, 128, "no declared size: the viewBox's shape at the box's size")

        var report = ImageDecoder.Report()
        var whole = ImageDecoder(maxDimension: 4096, pixelLimit: 1_000_000)
        whole.downscaleWhileDecoding = false
        let huge = try whole.decode(svg(width: "100000", height: "75000"), report: &report)
        XCTAssertLessThanOrEqual(huge.width * huge.height, 1_000_000, "rendered within the pixel cap, not refused: \(huge.width) × \(huge.height)")
        XCTAssertGreaterThan(huge.width, 500)
    }
}
