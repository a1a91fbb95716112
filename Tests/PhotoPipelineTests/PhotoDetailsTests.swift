// Why this exists: what a photo says about itself is read where it is decoded, from JPEG, PNG, WebP and TIFF through gexiv2 and from HEIC and AVIF through their Exif item (bookworm's exiv2 cannot read those): every field exiftool wrote comes back; hostile metadata (huge, malformed, bidi and control characters) gives a decode that still works, with texts cleaned and cut short.
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class PhotoDetailsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("details-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func details(_ data: Data) throws -> PhotoDetails? {
        var decoder = ImageDecoder(maxDimension: 64)
        decoder.readsDetails = true
        var report = ImageDecoder.Report()
        _ = try decoder.decode(data, report: &report)
        return report.details
    }

    func testEveryFieldFromEveryFormat() throws {
        for type in ["jpg", "png", "webp", "tiff", "heic", "avif"] {
            let file = try TestDetails.photo(type, in: folder)
            let read = try XCTUnwrap(try details(Data(contentsOf: file)), "\(type): details read")
            try FileManager.default.removeItem(at: file)
            XCTAssertEqual(read.make, "Canon", type)
            XCTAssertEqual(read.model, "Canon EOS 5D Mark IV", type)
            XCTAssertEqual(read.lens, "EF50mm f/1.8 STM", type)
            XCTAssertEqual(read.exposure, PhotoDetails.Fraction(numerator: 1, denominator: 250), type)
            XCTAssertEqual(read.fNumber ?? 0, 2.8, accuracy: 0.01, type)
            XCTAssertEqual(read.iso, 400, type)
            XCTAssertEqual(read.focalLength ?? 0, 50, accuracy: 0.01, type)
            XCTAssertEqual(read.focalLength35, 75, type)
            XCTAssertEqual(read.flashFired, true, type)
            XCTAssertEqual(read.taken, "2019-07-14T18:32:05", type)
            XCTAssertEqual(read.offset, "+02:00", type)
            XCTAssertEqual([read.pixelWidth, read.pixelHeight], [6720, 4480], type)
            XCTAssertEqual(read.latitude ?? 0, 48.85837, accuracy: 0.00001, type)
            XCTAssertEqual(read.longitude ?? 0, 2.29448, accuracy: 0.00001, type)
            XCTAssertEqual(read.title, "Evening at the tower", type)
            XCTAssertEqual(read.caption, "From the Champ de Mars", type)
            XCTAssertEqual(read.keywords, ["Paris", "tower"], type)
        }
    }

    func testAPhotoWithoutDetailsHasNone() throws {
        XCTAssertNil(try details(TestImages.encoded(width: 40, height: 30, type: "jpeg") { _, _ in [1, 2, 3] }))
        let decoder = ImageDecoder(maxDimension: 64)
        var report = ImageDecoder.Report()
        let file = try TestDetails.photo("jpg", in: folder)
        _ = try decoder.decode(Data(contentsOf: file), report: &report)
        XCTAssertNil(report.details, "read only when asked")
    }

    func testHostileTextIsCleanedAndCutShort() throws {
        let file = try TestDetails.photo("jpg", in: folder)
        let long = String(repeating: "x", count: 5_000)
        try TestDetails.write(to: file, extra: ["-Model=evil\u{202E}gpj.exe\u{0007}", "-XMP-dc:Title=\(long)", "-LensModel=   "])
        let read = try XCTUnwrap(try details(Data(contentsOf: file)))
        XCTAssertEqual(read.model, "evil\u{FFFD}gpj.exe\u{FFFD}", "bidi and control characters shown as marks")
        XCTAssertEqual(read.title?.count, PhotoDetails.longest, "cut short")
        XCTAssertNil(read.lens, "blank is absent")
        // What exiftool will not write: dates and fractions as a hostile file could hold them.
        XCTAssertNil(PhotoDetails.date("not a date"))
        XCTAssertNil(PhotoDetails.date("2019:07:1"))
        XCTAssertNil(PhotoDetails.fraction("1/0"))
        XCTAssertNil(PhotoDetails.fraction("-1/5"))
        XCTAssertNil(PhotoDetails.number("nan"))
    }

    /// Numbers no camera writes (an exposure of 1/Int.max s, ISO 1e300, an infinite focal length,
    /// a width of 10^20, an f-number of Int.min): the photo decodes, and each is left out rather
    /// than trapping in a conversion (once exit 132 in the app and in the helper).
    func testHostileNumbersAreLeftOut() throws {
        let plain = TestImages.encoded(width: 40, height: 30, type: "jpeg") { _, _ in [9, 8, 7] }
        let read = try XCTUnwrap(try details(TestDetails.jpeg(plain, app1: TestDetails.hostileNumbers)), "the photo still has details")
        XCTAssertEqual(read.make, "Canon")
        XCTAssertNil(read.exposure, "1/Int.max is not an EXIF rational")
        XCTAssertNil(read.iso)
        XCTAssertNil(read.focalLength)
        XCTAssertNil(read.pixelWidth)
        XCTAssertNil(read.fNumber)
        XCTAssertNil(PhotoDetails.fraction("1/9223372036854775807"))
        XCTAssertNil(PhotoDetails.fraction("4294967296/1"))
        XCTAssertEqual(PhotoDetails.fraction("1/4294967295"), PhotoDetails.Fraction(numerator: 1, denominator: 4_294_967_295))
        // A helper's word is checked as the photo's: a fraction past 32 bits is refused with the
        // reply, and the other numbers are dropped.
        let lie = Data(#"{"exposure": {"numerator": 1, "denominator": 9223372036854775807}}"#.utf8)
        XCTAssertNil(try? JSONDecoder().decode(PhotoDetails.self, from: lie))
        var told = PhotoDetails()
        told.iso = Int.min
        told.fNumber = .infinity
        told.latitude = 1e300
        told.pixelWidth = Int.max
        told.taken = "not a date"
        XCTAssertTrue(told.checked().isEmpty, "\(told.checked())")
        // Stars past five from a helper are five; its tags are cleaned again.
        let stars = Data(#"{"keywords": [], "marks": {"rating": 99, "flag": "pick", "tags": [" a ", "a"]}}"#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(PhotoDetails.self, from: stars).checked().marks, PhotoMarks(rating: 5, flag: .pick, tags: ["a"]))
    }

    /// The Details panel's stars and pick, as a rating written here left them in the file.
    func testMarksAreRead() throws {
        let plain = [UInt8](TestImages.encoded(width: 40, height: 30, type: "jpeg") { _, _ in [9, 8, 7] })
        let (marked, _) = try PhotoMarking.marked(plain, MarksChange(rating: 4), by: .here)
        let (picked, _) = try PhotoMarking.marked(marked, MarksChange(flag: .pick), by: .here)
        XCTAssertEqual(try details(Data(picked))?.marks, PhotoMarks(rating: 4, flag: .pick))
        let (rejected, _) = try PhotoMarking.marked(picked, MarksChange(flag: .reject), by: .here)
        XCTAssertEqual(try details(Data(rejected))?.marks, PhotoMarks(flag: .reject))
        XCTAssertNil(try details(Data(plain))?.marks, "none: nothing to show")
    }

    func testMalformedAndHugeMetadataStillDecode() throws {
        let plain = TestImages.encoded(width: 40, height: 30, type: "jpeg") { _, _ in [9, 8, 7] }
        for (name, segment) in [("IFD loop", TestDetails.ifdLoop), ("noise", TestDetails.noise)] {
            var decoder = ImageDecoder(maxDimension: 64)
            decoder.readsDetails = true
            var report = ImageDecoder.Report()
            XCTAssertNoThrow(try decoder.decode(TestDetails.jpeg(plain, app1: segment), report: &report), "\(name): the photo still decodes")
        }
        // A 16 MB XMP packet: read or not, the photo decodes and the texts stay short.
        let file = try TestDetails.photo("png", in: folder)
        let huge = folder.appendingPathComponent("huge.txt")
        try Data(repeating: UInt8(ascii: "y"), count: 16 << 20).write(to: huge)
        try TestDetails.write(to: file, extra: ["-XMP-dc:Description<=" + huge.path])
        let read = try details(Data(contentsOf: file))
        XCTAssertLessThanOrEqual(read?.caption?.count ?? 0, PhotoDetails.longest)
    }
}
