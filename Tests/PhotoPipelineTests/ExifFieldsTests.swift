// Why this exists: the helper's own reading of a sort's EXIF fields agrees with exiv2's on real photos (a JPEG's Exif segment, a HEIC's Exif item, both byte orders), and a hostile block (an IFD pointing at itself, noise, lies about lengths) ends the read with nothing, never a crash or a wrong date.
import PhotoFormats
import Foundation
import PhotoMetadata
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ExifFieldsTests: XCTestCase {
    func testTheFieldsAgreeWithExiv2() throws {
        let folder = TemporaryFiles.url("exif-fields-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for type in ["jpg", "heic"] {
            let photo = try TestDetails.photo(type, in: folder)
            XCTAssertEqual(try Exiftool.run(["-q", "-overwrite_original", "-Orientation#=6"], photo.path).status, 0)
            let data = try Data(contentsOf: photo)
            let block = try XCTUnwrap(type == "jpg" ? PhotoFacts.jpegExif(data) : HEIFExif.blocks(data).exif, type)
            let mine = try XCTUnwrap(ExifFields.facts(block), type)
            let exiv2 = PhotoFacts.from(try XCTUnwrap(MetadataReader.read(exif: block)))
            XCTAssertEqual(mine, exiv2, type)
            XCTAssertEqual(mine.wallSeconds, 1_563_129_125, type)
            XCTAssertEqual(mine.offsetMinutes, 120, type)
            XCTAssertEqual(mine.orientation, 6, type)
            XCTAssertEqual(mine.width, 6720, type)
        }
        // Big-endian ("MM") as well as little-endian ("II").
        let jpeg = try TestDetails.photo("jpg", in: folder)
        XCTAssertEqual(try Exiftool.run(["-q", "-overwrite_original", "-ExifByteOrder=Big-endian"], jpeg.path).status, 0)
        let block = try XCTUnwrap(PhotoFacts.jpegExif(try Data(contentsOf: jpeg)))
        XCTAssertEqual(block[6], 0x4D)
        XCTAssertEqual(ExifFields.facts(block)?.wallSeconds, 1_563_129_125)
    }

    func testAHostileBlockEndsTheReadWithNothing() {
        // An IFD that points at itself, as its Exif pointer and as the next IFD.
        XCTAssertNil(ExifFields.facts(TestDetails.ifdLoop)?.wallSeconds)
        XCTAssertNil(ExifFields.facts(TestDetails.noise))
        XCTAssertNil(ExifFields.facts(Data("Exif".utf8)))
        // An entry claiming a date far past the block's end.
        var lying = Data("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0, 8, 0, 0, 0]
        lying += [1, 0, 0x69, 0x87, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0] + [0, 0, 0, 0]
        lying += [1, 0, 0x03, 0x90, 2, 0, 20, 0, 0, 0, 0xFF, 0xFF, 0, 0] + [0, 0, 0, 0]
        XCTAssertNil(ExifFields.facts(lying)?.wallSeconds)
        // Every prefix of a real block: never a crash.
        let real = TestDetails.ifdLoop + Data(repeating: 0x41, count: 64)
        for length in 0..<real.count { _ = ExifFields.facts(real.prefix(length)) }
    }
}
