// Why this exists: every EXIF orientation, and a HEIC's own rotation (which libheif applies), comes out upright exactly once along the list's path (decoded to the cache's box, cropped to the row's square, sepia) and the viewer's (decoded whole).
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
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

    /// Upright, turned once, along both paths: the viewer's decode (the whole photo, its sides
    /// as the upright picture's), and in sepia; the list's (fitted to the cache's box, cropped to
    /// the row's square, then sepia).
    func assertUprightInTheViewerAndTheRow(_ data: Data, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let sepia = SepiaFilter(intensity: SepiaKernel.defaultIntensity)
        let whole = try ImageDecoder(maxDimension: 4096).decode(data)
        XCTAssertEqual([whole.width, whole.height], [OrientedPhotos.width, OrientedPhotos.height], "\(what): turned once", file: file, line: line)
        assertUpright(whole, "\(what), viewer", file: file, line: line)
        assertUpright(try sepia.filter(whole, isCancelled: { false }), "\(what), viewer in sepia", file: file, line: line)
        let fitted = try ImageDecoder(maxDimension: 128).decode(data)
        let square = try XCTUnwrap(RowThumbnail.square(fitted.pixbuf, pixels: 64), file: file, line: line)
        assertUpright(try sepia.filter(square, isCancelled: { false }), "\(what), row in sepia", file: file, line: line)
    }

    func testEveryOrientationIsUprightInTheRowAfterSepiaAndInTheViewer() throws {
        for orientation in 1...8 {
            try assertUprightInTheViewerAndTheRow(OrientedPhotos.jpeg(orientation: orientation), "orientation \(orientation)")
        }
    }

    /// A HEIC stored sideways with an `irot` on its image, as phones write them: libheif turns
    /// it, and nothing turns it again (GNOME's viewer once applied EXIF on top and turned such
    /// photos twice).
    func testARotatedHEICIsUprightOnce() throws {
        let folder = TemporaryFiles.url("heic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Stored turned 90° clockwise: a quarter turn anticlockwise (irot 1) shows it upright,
        // as EXIF orientation 8 would.
        let png = folder.appendingPathComponent("stored.png"), heic = folder.appendingPathComponent("stored.heic")
        try TestImages.encode(OrientedPhotos.stored(orientation: 8), type: "png").write(to: png)
        let made = try Tool.run("/usr/bin/convert", [png.path, "-quality", "95", heic.path], timeout: 120)
        XCTAssertEqual(made.status, 0, made.output)
        let plain = try Data(contentsOf: heic)
        // Control: without the transform it decodes as stored, on its side.
        let sideways = try ImageDecoder(maxDimension: 4096).decode(plain)
        XCTAssertEqual([sideways.width, sideways.height], [OrientedPhotos.height, OrientedPhotos.width])

        let turned = try XCTUnwrap(HEIFRotation.adding(quarterTurns: 1, to: plain), "the irot box was added")
        try assertUprightInTheViewerAndTheRow(turned, "HEIC")
    }
}
