// Why this exists: a photo's embedded profile is applied once, after decoding: red pixels tagged with a profile that swaps red and green come out green from JPEG, PNG, TIFF and WebP (whose profile the loader does not expose); an sRGB profile changes nothing; a broken one is ignored with the reason, never failing the photo.
import DecodeHelper
import Foundation
import GdkPixbuf
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class ImageDecoderColourTests: XCTestCase {
    static let red: [UInt8] = [230, 40, 40]

    /// A 48 × 32 red photo tagged with `profile`, as ImageMagick writes it in `type` (png, jpg,
    /// tiff, webp): GdkPixbuf's own PNG writer sets the profile before the header, which
    /// bookworm's libpng refuses.
    func tagged(_ type: String, profile: Data) throws -> Data {
        let folder = TemporaryFiles.url("colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let profileFile = folder.appendingPathComponent("profile.icc"), png = folder.appendingPathComponent("red.png")
        let out = folder.appendingPathComponent("red.\(type)")
        try profile.write(to: profileFile)
        try TestImages.encoded(width: 48, height: 32) { _, _ in Self.red }.write(to: png)
        try TestProfiles.tag(png, profile: profileFile.path, as: out)
        return try Data(contentsOf: out)
    }

    /// The centre pixel of `data` decoded as the app decodes it.
    func centre(_ data: Data, report: inout ImageDecoder.Report) throws -> [UInt8] {
        let image = try ImageDecoder(maxDimension: 32).decode(data, report: &report)
        let pixbuf = image.pixbuf
        let offset = (pixbuf.height / 2) * pixbuf.rowStride + (pixbuf.width / 2) * pixbuf.channels
        // (The pixbuf is kept until its pixels are copied: they are freed with it.)
        return withExtendedLifetime(image) { Array(UnsafeBufferPointer(start: pixbuf.pixels + offset, count: 3)) }
    }

    func testASwappedProfileMakesRedGreenInEveryFormat() throws {
        let swapped = try TestProfiles.colord("SwappedRedAndGreen")
        for type in ["png", "jpg", "tiff", "webp", "heic", "avif"] {
            var report = ImageDecoder.Report()
            let pixel = try centre(tagged(type, profile: swapped), report: &report)
            XCTAssertEqual(report.profileName, "Swapped Red and Green", "\(type): its profile is read")
            XCTAssertTrue(report.profileConverted, type)
            XCTAssertNil(report.profileIgnored)
            XCTAssertGreaterThan(pixel[1], 150, "\(type) is green once its profile is applied: \(pixel)")
            XCTAssertLessThan(pixel[0], 120, "\(type) is no longer red: \(pixel)")
        }
    }

    /// An AVIF that names Display P3 by code points (nclx 12/13/1):
    /// red pixels come out a deeper red in sRGB, and the profile is named.
    func testCodePointsForDisplayP3AreConverted() throws {
        let folder = TemporaryFiles.url("nclx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("red.png")
        try TestImages.encoded(width: 48, height: 32) { _, _ in Self.red }.write(to: png)
        // (heif-enc here puts code points in the HEVC stream only, which libheif's loader does not
        // say: a HEIC's P3 is read when it comes as an ICC profile, as iPhones write it.)
        let avif = folder.appendingPathComponent("p3.avif")
        XCTAssertEqual(try Tool.run("/usr/bin/avifenc", ["-s", "8", "--min", "0", "--max", "2", "--cicp", "12/13/1", png.path, avif.path]).status, 0)
        for file in [avif] {
            var report = ImageDecoder.Report()
            let pixel = try centre(Data(contentsOf: file), report: &report)
            XCTAssertEqual(report.profileName, "Display P3", file.lastPathComponent)
            XCTAssertTrue(report.profileConverted, file.lastPathComponent)
            XCTAssertGreaterThan(Int(pixel[0]), 245, "\(file.lastPathComponent): P3's red is beyond sRGB's: \(pixel)")
        }
        // BT.709 code points are sRGB's: no conversion.
        let plain = folder.appendingPathComponent("709.avif")
        XCTAssertEqual(try Tool.run("/usr/bin/avifenc", ["-s", "8", "--min", "0", "--max", "2", "--cicp", "1/13/1", png.path, plain.path]).status, 0)
        var report = ImageDecoder.Report()
        _ = try centre(Data(contentsOf: plain), report: &report)
        XCTAssertNil(report.profileName)
        XCTAssertFalse(report.profileConverted)
    }

    func testAnSRGBProfileChangesNothingAndABrokenOneIsIgnored() throws {
        var report = ImageDecoder.Report()
        XCTAssertEqual(try centre(tagged("png", profile: TestProfiles.sRGB()), report: &report), Self.red)
        XCTAssertNotNil(report.profileName)
        XCTAssertFalse(report.profileConverted, "an sRGB photo skips the transform")
        XCTAssertNil(report.profileIgnored)

        // A broken profile (as a hostile file would carry) leaves the pixels as they are.
        var broken = ImageDecoder.Report()
        let image = try ImageDecoder(maxDimension: 32).decodeHere(TestImages.encoded(width: 48, height: 32) { _, _ in Self.red }, report: &broken, parsers: LinkedParsers.libraries)
        let shown = ImageDecoder.inSRGB(image, profile: Data(repeating: 7, count: 300), report: &broken).pixbuf
        XCTAssertEqual(Array(UnsafeBufferPointer(start: shown.pixels, count: 3)), Self.red, "the photo is shown as it is")
        XCTAssertEqual(broken.profileIgnored, "lcms2 cannot read it")
        XCTAssertFalse(broken.profileConverted)
        // A grey profile on an RGB photo, and one too large.
        var grey = ImageDecoder.Report()
        _ = ImageDecoder.inSRGB(image, profile: TestProfiles.grey(), report: &grey)
        XCTAssertEqual(grey.profileIgnored, "it is not an RGB profile")

        var untagged = ImageDecoder.Report()
        XCTAssertEqual(try centre(TestImages.encoded(width: 48, height: 32) { _, _ in Self.red }, report: &untagged), Self.red)
        XCTAssertNil(untagged.profileName)
    }
}
