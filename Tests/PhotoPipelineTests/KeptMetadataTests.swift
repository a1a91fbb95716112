// Why this exists: a saved or exported photo keeps its original's metadata, read back with exiftool: the camera, date, title and keywords kept in each format written, orientation 1 and the new size, sRGB, no embedded thumbnail; the location only when asked; from every format that carries metadata; and hostile metadata still gives the photo, written without it.
import PhotoFormats
import Foundation
import GLibRuntime
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import MetadataValues
import PhotoMetadata
import TestAndBenchSupport
import XCTest
@testable import PhotoFetching
@testable import PhotoTrace

final class KeptMetadataTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("kept-metadata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func original(_ type: String = "jpg") throws -> URL { try TestDetails.turnedPhotoWithPlaces(type, in: folder) }

    func export(_ source: URL, as format: ExportFormat, _ metadata: MetadataPolicy) throws -> (URL, PhotoExport) {
        let path = folder.appendingPathComponent("out-\(UUID().uuidString).\(format.fileExtension)").path
        let work = PhotoExport(PhotoSource(url: source, fetcher: ResourceFetcher(http: HTTPClient()), byteLimit: 50 << 20, decoders: .here, trace: Trace()),
                               to: ExportTarget(path: path, replacing: false), format: format, sepia: true, settings: PipelineSettings(),
                               metadata: metadata)
        let outcome = work.run(WorkContext(cancellable: Cancellable()))
        guard case .written = outcome else { throw TestProfiles.Failed(output: "\(format): \(outcome)") }
        return (URL(fileURLWithPath: path), work)
    }

    func testSaveAsKeepsEverythingInEachFormat() throws {
        let source = try original()
        for format in ExportFormat.allCases {
            let (file, work) = try export(source, as: format, .keep(location: true))
            let tags = try TestDetails.readBack(file)
            let name = "\(format)"
            XCTAssertEqual(work.kept.withLock { $0?.0 }, .all, name)
            XCTAssertEqual(tags["IFD0:Make"] as? String, "Canon", name)
            XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV", name)
            XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"] as? String, "2019:07:14 18:32:05", name)
            XCTAssertEqual(tags["ExifIFD:OffsetTimeOriginal"] as? String, "+02:00", name)
            XCTAssertEqual(tags["ExifIFD:LensModel"] as? String, "EF50mm f/1.8 STM", name)
            XCTAssertEqual(tags["IFD0:Orientation"] as? Int, 1, "\(name): its pixels are written upright")
            XCTAssertEqual(tags["XMP-tiff:Orientation"] as? Int, 1, name)
            XCTAssertEqual(tags["ExifIFD:ExifImageWidth"] as? Int, 80, "\(name): the size written, upright")
            XCTAssertEqual(tags["ExifIFD:ExifImageHeight"] as? Int, 120, name)
            XCTAssertEqual(tags["ExifIFD:ColorSpace"] as? Int, 1, "\(name): sRGB")
            if format == .png {
                XCTAssertEqual(tags["PNG:SRGBRendering"] as? Int, 0, "\(name): tagged sRGB")
            } else {
                XCTAssertEqual(tags["ICC_Profile:ProfileDescription"] as? String, "sRGB built-in", "\(name): tagged with sRGB's profile")
            }
            XCTAssertEqual((tags["GPS:GPSLatitude"] as? Double) ?? 0, 48.85837, accuracy: 0.0001, "\(name): Save As keeps the place")
            XCTAssertEqual(tags["XMP-photoshop:City"] as? String, "Paris", name)
            XCTAssertEqual(tags["XMP-dc:Title"] as? String, "Evening at the tower", name)
            XCTAssertEqual(tags["XMP-dc:Subject"] as? [String], ["Paris", "tower"], name)
            XCTAssertNil(tags["IFD1:ThumbnailImage"], "\(name): the embedded thumbnail shows the original")
            if format == .jpeg {
                XCTAssertEqual(tags["IPTC:City"] as? String, "Paris", "IPTC kept where the format holds it")
            }
        }
    }

    func testExportLeavesTheLocationOutUnlessAsked() throws {
        let source = try original()
        for format in ExportFormat.allCases {
            let (file, _) = try export(source, as: format, .keep(location: false))
            let tags = try TestDetails.readBack(file)
            XCTAssertEqual(TestDetails.places(tags), [], "\(format): no GPS, no place names")
            XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV", "\(format): the camera kept")
            XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"] as? String, "2019:07:14 18:32:05", "\(format): the date kept")
            XCTAssertEqual(tags["XMP-dc:Title"] as? String, "Evening at the tower", "\(format)")
            XCTAssertNil(tags["IFD1:ThumbnailImage"], "\(format)")
            let (asked, _) = try export(source, as: format, .keep(location: true))
            XCTAssertFalse(TestDetails.places(try TestDetails.readBack(asked)).isEmpty, "\(format): kept when asked")
        }
    }

    func testEveryFormatThatCarriesMetadataGivesItsOwn() throws {
        for type in ["png", "webp", "tiff", "heic", "avif"] {
            let (file, work) = try export(try original(type), as: .jpeg, .keep(location: false))
            let tags = try TestDetails.readBack(file)
            XCTAssertEqual(work.kept.withLock { $0?.0 }, .all, type)
            XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV", type)
            XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"] as? String, "2019:07:14 18:32:05", type)
            XCTAssertEqual(tags["XMP-dc:Title"] as? String, "Evening at the tower", type)
            XCTAssertEqual(TestDetails.places(tags), [], type)
            XCTAssertNil(tags["IFD0:StripOffsets"], "\(type): nothing of the original file's layout")
        }
    }

    func testAPhotoWithoutMetadataIsStillTaggedSRGB() throws {
        let plain = folder.appendingPathComponent("plain.png")
        try TestImages.encoded(width: 40, height: 30) { x, _ in [UInt8(x * 6), 50, 90] }.write(to: plain)
        let (file, work) = try export(plain, as: .jpeg, .keep(location: false))
        XCTAssertEqual(work.kept.withLock { $0?.0 }, MetadataKept.none)
        XCTAssertEqual(try TestDetails.readBack(file)["ICC_Profile:ProfileDescription"] as? String, "sRGB built-in")
    }

    /// A loop in the IFDs and noise in APP1: the photo is written all the same, with what could be kept.
    func testHostileMetadataStillGivesThePhoto() throws {
        let plain = try Data(contentsOf: try TestDetails.photo("jpg", in: folder))
        for (name, segment) in [("loop", TestDetails.ifdLoop), ("noise", TestDetails.noise)] {
            let hostile = folder.appendingPathComponent("\(name).jpg")
            try TestDetails.jpeg(plain, app1: segment).write(to: hostile)
            let (file, work) = try export(hostile, as: .jpeg, .keep(location: false))
            XCTAssertNotNil(TestImages.decode(try Data(contentsOf: file)), name)
            XCTAssertNotNil(work.kept.withLock { $0 }, name)
            XCTAssertEqual(TestDetails.places(try TestDetails.readBack(file)), [], name)
        }
    }

    /// A helper's EXIF is passed through the app's own reading before it is placed: handed the
    /// original's whole block (its GPS IFD and thumbnail) with another photo's bytes after it, as a
    /// compromised helper would, an export without location has no GPS, no thumbnail and none of
    /// those bytes; the camera and date stay.
    func testAHelpersEXIFIsCleanedByTheApp() throws {
        let source = try Data(contentsOf: try original())
        let app1 = try XCTUnwrap(PhotoFacts.jpegExif(source), "the original's Exif segment")
        let previous = Data(repeating: 0x5A, count: 20_000) + Data("PREVIOUS PHOTO".utf8)
        var blocks = KeptBlocks()
        blocks.exif = app1.dropFirst(6) + previous
        blocks.xmp = Data("<x:xmpmeta><photoshop:City>Paris</photoshop:City></x:xmpmeta>".utf8)
        blocks.fields.title = "Evening <at> the tower"
        let encoded = TestImages.encoded(width: 80, height: 120, type: "jpeg") { _, _ in [120, 90, 60] }
        let placed = try XCTUnwrap(MetadataPlacing.placed(blocks, into: encoded, keepsLocation: false, width: 80, height: 120))
        XCTAssertNil(placed.range(of: Data("PREVIOUS PHOTO".utf8)), "no byte no kept entry names")
        XCTAssertLessThan(placed.count, encoded.count + 4_000)
        let file = folder.appendingPathComponent("placed.jpg")
        try placed.write(to: file)
        let tags = try TestDetails.readBack(file)
        XCTAssertEqual(TestDetails.places(tags), [], "no GPS, no place in XMP")
        XCTAssertNil(tags["IFD1:ThumbnailImage"])
        XCTAssertEqual(tags["IFD0:Model"] as? String, "Canon EOS 5D Mark IV")
        XCTAssertEqual(tags["ExifIFD:DateTimeOriginal"] as? String, "2019:07:14 18:32:05")
        XCTAssertEqual(tags["XMP-dc:Title"] as? String, "Evening <at> the tower", "the app's own XMP, escaped")
        XCTAssertNotNil(TestImages.decode(placed))
        // Kept when the location stays.
        let withPlace = try XCTUnwrap(MetadataPlacing.placed(blocks, into: encoded, keepsLocation: true, width: 80, height: 120))
        try withPlace.write(to: file)
        XCTAssertEqual((try TestDetails.readBack(file)["GPS:GPSLatitude"] as? Double) ?? 0, 48.85837, accuracy: 0.0001)
    }

    /// Damaged and hostile EXIF blocks never trap the app's pass, and what it returns is never
    /// longer than what it was given.
    func testTheAppsEXIFPassTakesDamageWithoutATrap() throws {
        let block = try XCTUnwrap(PhotoFacts.jpegExif(Data(contentsOf: try original()))).dropFirst(6)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            var damaged = [UInt8](block)
            for _ in 0..<4 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            guard let once = ExifCleaning.cleaned(Data(damaged), keepsLocation: false) else { continue }
            XCTAssertLessThanOrEqual(once.count, damaged.count)
            _ = ExifCleaning.cleaned(once, keepsLocation: true)
        }
        for length in stride(from: 0, to: block.count, by: 3) { _ = ExifCleaning.cleaned(Data(block.prefix(length)), keepsLocation: true) }
    }
}
