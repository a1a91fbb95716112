// Why this exists: the colour binding does what a viewer needs of lcms2: a profile that swaps red and green turns red pixels green, sRGB profiles are recognised as sRGB (and skip the transform), and broken or non-RGB profiles are refused with the reason.
@testable import ColourManagement
import Foundation
import TestAndBenchSupport
import XCTest

final class ColourTransformTests: XCTestCase {
    func testASwappedProfileTurnsRedGreen() throws {
        let profile = try ColourProfile.reading(TestProfiles.swappedRedAndGreen()).get()
        XCTAssertFalse(profile.isSRGB)
        let transform = try XCTUnwrap(ColourTransform(from: profile, to: .sRGB, hasAlpha: true))
        // Two rows of one red pixel each, with a padded stride; alpha stays as it was.
        var pixels: [UInt8] = [230, 40, 40, 200, 9, 9, 9, 9, 230, 40, 40, 100, 9, 9, 9, 9]
        pixels.withUnsafeMutableBytes { transform.convertInPlace($0.baseAddress!, width: 1, height: 2, rowStride: 8) }
        for row in 0..<2 {
            let (r, g, b, a) = (pixels[row * 8], pixels[row * 8 + 1], pixels[row * 8 + 2], pixels[row * 8 + 3])
            XCTAssertGreaterThan(g, 150, "green now: \(r), \(g), \(b)")
            XCTAssertLessThan(r, 120, "red no more: \(r), \(g), \(b)")
            XCTAssertEqual(a, row == 0 ? 200 : 100, "alpha untouched")
            XCTAssertEqual(Array(pixels[(row * 8 + 4)..<(row * 8 + 8)]), [9, 9, 9, 9], "the row's padding untouched")
        }
    }

    func testSRGBIsRecognisedAndAdobeRGBIsNot() throws {
        XCTAssertTrue(try ColourProfile.reading(TestProfiles.sRGB()).get().isSRGB)
        XCTAssertTrue(try ColourProfile.reading(TestProfiles.colord("sRGB")).get().isSRGB, "colord's sRGB, another writer's")
        XCTAssertFalse(try ColourProfile.reading(TestProfiles.colord("AdobeRGB1998")).get().isSRGB)
    }

    func testBrokenAndForeignProfilesAreRefused() throws {
        XCTAssertEqual(ColourProfile.reading(Data()).failure, .unreadable)
        XCTAssertEqual(ColourProfile.reading(Data("not a profile at all, but long enough to look like one".utf8)).failure, .unreadable)
        XCTAssertEqual(ColourProfile.reading(Data(count: ColourProfile.largestAccepted + 1)).failure, .tooLarge(bytes: ColourProfile.largestAccepted + 1))
        XCTAssertEqual(ColourProfile.reading(TestProfiles.grey()).failure, .notRGB)
    }
}

extension Result {
    var failure: Failure? { if case .failure(let failure) = self { return failure } else { return nil } }
}
