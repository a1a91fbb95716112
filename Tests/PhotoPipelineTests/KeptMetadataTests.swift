// Why this exists: a saved or exported photo keeps its original's metadata, read back with exiftool: the camera, date, title and keywords kept in each format written, orientation 1 and the new size, sRGB, no embedded thumbnail; the location only when asked; from every format that carries metadata; and hostile metadata still gives the photo, written without it.
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

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
        let work = PhotoExport(PhotoSource(url: source, fetcher: ResourceFetcher(http: HTTPClient()), byteLimit: 50 << 20),
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
}
