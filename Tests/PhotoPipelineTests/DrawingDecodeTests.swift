// Why this exists: SVG drawings decoded as they are shown: at the row's size, larger or smaller than they declare, sharp, and a huge one within the pixel cap instead of refused; compressed ones (.svgz) read as what they hold, within a limit.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
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

    /// `gzip` of `data`, as a `.svgz` is written.
    func gzip(_ data: Data) throws -> Data {
        let path = TemporaryFiles.url("drawing-\(UUID().uuidString)").path
        try data.write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Tool.run("/bin/gzip", ["-9", "-f", path]).status, 0)
        defer { try? FileManager.default.removeItem(atPath: path + ".gz") }
        return try Data(contentsOf: URL(fileURLWithPath: path + ".gz"))
    }

    /// A compressed drawing (`.svgz`, which the desktop file offers to open) is read as the drawing
    /// it holds; gzip that expands past the image size, or that holds something else, is refused.
    func testACompressedDrawingIsReadAndABombIsNot() throws {
        let drawn = try ImageDecoder(maxDimension: 64).decode(gzip(svg(width: "40", height: "30")))
        XCTAssertEqual([drawn.width, drawn.height], [64, 48])
        let bomb = try gzip(Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><!--".utf8) + Data(repeating: 0x20, count: 60 << 20) + Data("--></svg>".utf8))
        XCTAssertLessThan(bomb.count, 200_000, "a small file")
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64).decode(bomb)) { error in
            XCTAssertEqual(error as? DecodeError, .drawing(Words("compressed, it expands past %1$s MB", "50")))
        }
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64).decode(gzip(SamplePhotos.data("coffee.png")))) { error in
            XCTAssertEqual(error as? DecodeError, .undecodable(Words("compressed, it holds no drawing")))
        }
    }
}
