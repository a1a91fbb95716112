// Why this exists: every EXIF orientation comes out upright exactly once along the list's path (decoded to the cache's box, cropped to the row's square, sepia) and the viewer's (decoded whole).
import Foundation
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class OrientationTests: XCTestCase {
    /// Mean of a pixel's channels: white ≈ 255 (sepia keeps it light), grey ≈ 128, black ≈ 0.
    func level(_ image: Thumbnail, _ x: Int, _ y: Int) -> Int {
        let p = image.pixel(x: x, y: y)
        return (Int(p[0]) + Int(p[1]) + Int(p[2])) / 3
    }

    /// Top-left light, top-right mid grey, bottom dark: upright.
    func assertUpright(_ image: Thumbnail, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let w = image.width, h = image.height
        let corners = [level(image, w / 8, h / 8), level(image, w - 1 - w / 8, h / 8), level(image, w / 2, h - 1 - h / 8)]
        XCTAssertGreaterThan(corners[0], 200, "\(what): top-left is the white corner \(corners)", file: file, line: line)
        XCTAssertTrue((80...180).contains(corners[1]), "\(what): top-right is the grey corner \(corners)", file: file, line: line)
        XCTAssertLessThan(corners[2], 60, "\(what): the bottom is black \(corners)", file: file, line: line)
    }

    func testEveryOrientationIsUprightInTheRowAfterSepiaAndInTheViewer() throws {
        let sepia = SepiaFilter(intensity: SepiaKernel.defaultIntensity)
        for orientation in 1...8 {
            let data = OrientedPhotos.jpeg(orientation: orientation)
            // The viewer's decode: the whole photo, its sides as the upright picture's.
            let whole = try ImageDecoder(maxDimension: 4096).decode(data)
            XCTAssertEqual([whole.width, whole.height], [OrientedPhotos.width, OrientedPhotos.height], "orientation \(orientation): turned once")
            assertUpright(whole, "orientation \(orientation), viewer")
            assertUpright(try sepia.filter(whole, isCancelled: { false }), "orientation \(orientation), viewer in sepia")
            // The list's: fitted to the cache's box, cropped to the row's square, then sepia.
            let fitted = try ImageDecoder(maxDimension: 128).decode(data)
            let square = try XCTUnwrap(RowThumbnail.square(fitted.pixbuf, pixels: 64))
            assertUpright(try sepia.filter(square, isCancelled: { false }), "orientation \(orientation), row in sepia")
        }
    }
}
