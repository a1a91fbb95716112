// Why this exists: a photo's profile is input like any other: noise, a profile cut short, a grey or CMYK one on RGB pixels, one of 5 MB, one whose tags point past its end or whose header lies about its size: the photo still decodes, shown as its pixels are, with the reason the profile was not applied.
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class HostileProfileTests: XCTestCase {
    static let red: [UInt8] = [230, 40, 40]

    /// What lcms2 reads past, as every viewer using it does: a tag it does not need pointing
    /// past the end, a header's size field. Those photos are converted as Adobe RGB.
    static let readPast: Set<String> = ["tag past its end", "4 GB header"]

    func testEveryHostileProfileLeavesThePhotoShownAsItIs() throws {
        let plain = TestImages.encoded(width: 48, height: 32, type: "jpeg") { _, _ in Self.red }
        for (name, profile) in try TestProfiles.hostile() where !Self.readPast.contains(name) {
            let photo = TestProfiles.jpeg(plain, carrying: profile)
            var report = ImageDecoder.Report()
            let image = try ImageDecoder(maxDimension: 32).decode(photo, report: &report)
            let pixel = withExtendedLifetime(image) { Array(image.pixel(x: 10, y: 10).prefix(3)) }
            XCTAssertTrue(zip(pixel, Self.red).allSatisfy { abs(Int($0) - Int($1)) <= 6 }, "\(name): shown as its pixels are: \(pixel)")
            XCTAssertFalse(report.profileConverted, name)
            XCTAssertNotNil(report.profileIgnored, "\(name): the reason is said")
            // The check a shared thumbnail asks for answers too (the photo is shown as its pixels are).
            XCTAssertEqual(ImageDecoder.checkProfileHere(photo.prefix(ImageDecoder.profileCheckBytes)), name == "5 MB" ? .unknown : .sRGB, name)
        }
    }

    func testWhatLcms2ReadsPastIsConverted() throws {
        let plain = TestImages.encoded(width: 48, height: 32, type: "jpeg") { _, _ in Self.red }
        var adobe = ImageDecoder.Report()
        let expected = try ImageDecoder(maxDimension: 32).decode(TestProfiles.jpeg(plain, carrying: TestProfiles.colord("AdobeRGB1998")), report: &adobe)
        for (name, profile) in try TestProfiles.hostile() where Self.readPast.contains(name) {
            var report = ImageDecoder.Report()
            let image = try ImageDecoder(maxDimension: 32).decode(TestProfiles.jpeg(plain, carrying: profile), report: &report)
            XCTAssertTrue(report.profileConverted, name)
            XCTAssertEqual(withExtendedLifetime(image) { Array(image.pixel(x: 10, y: 10)) },
                           withExtendedLifetime(expected) { Array(expected.pixel(x: 10, y: 10)) }, name)
        }
    }

    func testTheReasonsSayWhatIsWrong() throws {
        let plain = TestImages.encoded(width: 48, height: 32, type: "jpeg") { _, _ in Self.red }
        var reasons: [String: String] = [:]
        for (name, profile) in try TestProfiles.hostile() {
            var report = ImageDecoder.Report()
            _ = try ImageDecoder(maxDimension: 32).decode(TestProfiles.jpeg(plain, carrying: profile), report: &report)
            reasons[name] = report.profileIgnored
        }
        XCTAssertEqual(reasons["noise"], "lcms2 cannot read it")
        XCTAssertEqual(reasons["grey"], "it is not an RGB profile")
        XCTAssertEqual(reasons["CMYK"], "it is not an RGB profile")
        XCTAssertEqual(reasons["5 MB"], "it is \((try TestProfiles.colord("AdobeRGB1998")).count + (5 << 20)) bytes, more than the \(4 << 20) a profile may have")
    }

    /// A tagged JPEG whose frame header declares 12,000 × 9,000 pixels (over the 100-megapixel
    /// limit): the profile check, which reads a photo's first bytes to judge a desktop thumbnail,
    /// does not let the loader allocate its pixels; it cannot tell, and the decode refuses it.
    func testTheProfileCheckDoesNotAllocateABombsPixels() throws {
        let plain = TestImages.encoded(width: 48, height: 32, type: "jpeg") { _, _ in Self.red }
        var photo = TestProfiles.jpeg(plain, carrying: try TestProfiles.colord("AdobeRGB1998"))
        let frame = try XCTUnwrap(photo.indices.dropLast().first { photo[$0] == 0xFF && photo[$0 + 1] == 0xC0 }, "a baseline frame header")
        // SOF0: marker, length (2), precision (1), height (2), width (2).
        photo.replaceSubrange((frame + 5)..<(frame + 9), with: [0x23, 0x28, 0x2E, 0xE0])
        XCTAssertEqual(ImageDecoder.checkProfileHere(photo.prefix(ImageDecoder.profileCheckBytes)), .unknown)
        // Control: the same photo at its own size is judged from its profile.
        XCTAssertEqual(ImageDecoder.checkProfileHere(TestProfiles.jpeg(plain, carrying: try TestProfiles.colord("AdobeRGB1998"))), .converts)
    }
}
