// Why this exists: the facts a sort by date and the filter need, read from a camera's formats as from any photo: a DNG's EXIF as a TIFF's, a JPEG XL's Exif box (cjxl keeps a JPEG's when it recompresses it), and what their details say in the viewer.
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import GalleryContents
import PhotoFormats
import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class CameraFactsTests: XCTestCase {
    func folder() throws -> URL {
        let folder = TemporaryFiles.url("camera-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func testDatesCameraAndLensAreReadFromRawAndJPEGXL() throws {
        let folder = try folder()
        let tags = ["-DateTimeOriginal=2019:07:14 18:32:05", "-LensModel=35mm F1.4", "-Model=Test Camera"]
        let dng = folder.appendingPathComponent("a.dng")
        try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("coffee.png").path, width: 120, height: 80).write(to: dng)
        let jpeg = folder.appendingPathComponent("b.jpg"), jxl = folder.appendingPathComponent("b.jxl")
        try SamplePhotos.data("rocket.jpg").write(to: jpeg)
        for file in [dng, jpeg] {
            XCTAssertEqual(try Exiftool.run(["-overwrite_original", "-q"] + tags, file.path).status, 0)
        }
        // cjxl recompresses a JPEG losslessly and keeps its Exif in a box of the container.
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [jpeg.path, jxl.path], timeout: 120).status, 0)
        for file in [dng, jxl] {
            let prefix = try XCTUnwrap(PhotoFacts.prefix(ofFile: file.path))
            let facts = try XCTUnwrap(PhotoFacts.readHere(prefix, parsers: LinkedParsers.libraries), file.lastPathComponent)
            XCTAssertEqual(facts.wallSeconds, 1_563_129_125, "\(file.lastPathComponent)'s date taken")
            XCTAssertEqual(facts.lens, "35mm F1.4", file.lastPathComponent)
        }
    }

    func testARawsDetailsNameItsCameraAndExposure() throws {
        let folder = try folder()
        let dng = folder.appendingPathComponent("a.dng")
        try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("coffee.png").path, width: 120, height: 80).write(to: dng)
        XCTAssertEqual(try Exiftool.run(["-overwrite_original", "-q", "-ExposureTime=1/250", "-FNumber=2.8", "-ISO=400",
                                         "-LensModel=35mm F1.4"], dng.path).status, 0)
        var decoder = ImageDecoder(maxDimension: 100)
        decoder.fileName = "a.dng"
        decoder.readsDetails = true
        var report = ImageDecoder.Report()
        _ = try decoder.decode(try Data(contentsOf: dng), report: &report)
        let details = try XCTUnwrap(report.details)
        XCTAssertEqual(details.model, "Test Camera")
        XCTAssertEqual(details.lens, "35mm F1.4")
        XCTAssertEqual(details.exposure, PhotoDetails.Fraction(numerator: 1, denominator: 250))
        XCTAssertEqual(details.fNumber, 2.8)
        XCTAssertEqual(details.iso, 400)
    }

    /// An export of a RAW or a JPEG XL is named by its photo without the camera's extension
    /// ("IMG_0001.DNG" → "IMG_0001.jpg"), as a JPEG's is.
    func testAnExportOfARawOrJPEGXLDropsItsExtension() {
        XCTAssertEqual(ExportNames.photoBase(for: "IMG_0001.DNG"), "IMG_0001")
        XCTAssertEqual(ExportNames.photoBase(for: "DSC_0042.nef"), "DSC_0042")
        XCTAssertEqual(ExportNames.photoBase(for: "lisbon.jxl"), "lisbon")
    }
}
