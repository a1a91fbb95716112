// Why this exists: a JPEG's EXIF thumbnail found in its first bytes and decoded as the photo is turned, and every lie in the EXIF (lengths past the segment, an IFD pointing back, a thumbnail that is not a JPEG, a file cut short) read as "none", never a crash or a wrong image.
import Foundation
import TestAndBenchSupport
import XCTest
@testable import PhotoDecoding
@testable import PhotoFormats

final class ExifThumbnailTests: XCTestCase {
    let photo = TestImages.encoded(width: 400, height: 300, type: "jpeg") { _, _ in [40, 200, 40] }
    let thumbnail = TestImages.halvesThumbnail()

    func testTheThumbnailIsFoundInTheFirstBytesWithThePhotosOrientation() throws {
        let file = [UInt8](TestImages.withEXIFThumbnail(photo, thumbnail: thumbnail, orientation: 6))
        let found = try XCTUnwrap(ExifThumbnail.find(in: Array(file.prefix(ExifThumbnail.startBytes))))
        XCTAssertEqual(Data(file[found.range]), thumbnail)
        XCTAssertEqual(found.orientation, 6)
        XCTAssertNil(ExifThumbnail.find(in: [UInt8](photo)), "a photo without one has none")
    }

    /// A first short read is read on as far as the EXIF segment's length says (past an APP0
    /// before it too), and no further: then the thumbnail is found.
    func testAShortFirstReadIsReadOnToTheEndOfTheEXIFSegment() throws {
        let withExif = TestImages.withEXIFThumbnail(photo, thumbnail: thumbnail)
        // A JFIF APP0 first, as many writers put it.
        let app0: [UInt8] = [0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let file = withExif.prefix(2) + Data(app0) + withExif.dropFirst(2)
        let segmentEnd = 2 + app0.count + 2 + (Int(file[2 + app0.count + 2]) << 8 | Int(file[2 + app0.count + 3]))
        for first in [6, 20, 64, 1024] {
            var read = file.prefix(first)
            var reads = 1
            while let wanted = ExifThumbnail.bytesNeeded(read), wanted > read.count, reads < 10 {
                read = file.prefix(wanted)
                reads += 1
            }
            XCTAssertEqual(read.count, max(first, segmentEnd), "read on from \(first) bytes to the segment's end, no further")
            XCTAssertNotNil(ExifThumbnail.find(in: [UInt8](read)), "from \(first) bytes")
        }
        XCTAssertNil(ExifThumbnail.bytesNeeded(file), "nothing more once it is whole")
        XCTAssertNil(ExifThumbnail.bytesNeeded(photo), "nor for a JPEG without EXIF, whose first scan comes first")
        XCTAssertNil(ExifThumbnail.bytesNeeded(Data("not a JPEG at all".utf8)))
    }

    /// Decoded from the first bytes alone, turned as the photo is: red was on the left, so after a
    /// clockwise turn (orientation 6) it is on top.
    func testThePreviewIsDecodedFromTheFirstBytesAndTurnedAsThePhoto() throws {
        for (orientation, redOnTop) in [(1, false), (6, true)] {
            let file = TestImages.withEXIFThumbnail(photo, thumbnail: thumbnail, orientation: UInt16(orientation))
            var decoder = ImageDecoder(maxDimension: 64)
            decoder.embeddedThumbnail = true
            var report = ImageDecoder.Report()
            let image = try decoder.decodeHere(file.prefix(ExifThumbnail.startBytes), report: &report, parsers: nil)
            XCTAssertEqual(image.width > image.height, !redOnTop, "orientation \(orientation): \(image.width)×\(image.height)")
            let (x, y) = redOnTop ? (image.width / 2, 4) : (4, image.height / 2)
            XCTAssertGreaterThan(Int(image.pixel(x: x, y: y)[0]), 150, "red where the photo's turn puts it (orientation \(orientation))")
            XCTAssertLessThan(Int(image.pixel(x: x, y: y)[2]), 100)
        }
        var decoder = ImageDecoder(maxDimension: 64)
        decoder.embeddedThumbnail = true
        var report = ImageDecoder.Report()
        XCTAssertThrowsError(try decoder.decodeHere(photo, report: &report, parsers: nil), "a photo without one is not decoded instead")
    }

    func testEachLieInTheEXIFIsReadAsNone() throws {
        let file = [UInt8](TestImages.withEXIFThumbnail(photo, thumbnail: thumbnail))
        let tiff = 2 + 4 + 6 // SOI, the segment's marker and length, "Exif\0\0"
        func patched(_ at: Int, _ bytes: [UInt8]) -> [UInt8] {
            var copy = file
            copy.replaceSubrange((tiff + at)..<(tiff + at + bytes.count), with: bytes)
            return copy
        }
        let lies: [(String, [UInt8])] = [
            ("cut short inside the segment", Array(file.prefix(tiff + 60))),
            ("a length past the segment", patched(48, [0, 0, 0xFF, 0xFF])),
            ("an offset past the segment", patched(36, [0, 1, 0, 0])),
            ("an offset into the header", patched(36, [0, 0, 0, 2])),
            ("IFD1 pointing back at IFD0", patched(22, [0, 0, 0, 8])),
            ("IFD1 past the end", patched(22, [0x7F, 0xFF, 0xFF, 0xFF])),
            ("no IFD1", patched(22, [0, 0, 0, 0])),
            ("an IFD of 65,535 entries", patched(26, [0xFF, 0xFF])),
            ("a thumbnail that is not a JPEG", patched(56, [0x89, 0x50])),
            ("not a TIFF header", patched(0, [0x41, 0x41])),
        ]
        for (lie, bytes) in lies { XCTAssertNil(ExifThumbnail.find(in: bytes), lie) }
        // And whatever else a hostile file says: every byte of the EXIF changed, one at a time,
        // and every length cut, never reads outside the bytes (a trap here fails the test run).
        for at in 0..<min(file.count, tiff + 80) {
            for value: UInt8 in [0, 1, 0x7F, 0xFF] {
                var copy = file
                copy[at] = value
                if let found = ExifThumbnail.find(in: copy) { XCTAssertTrue(copy.indices.contains(found.range.upperBound - 1)) }
            }
        }
        for count in 0..<file.count where count % 7 == 0 { _ = ExifThumbnail.find(in: Array(file.prefix(count))) }
    }
}
