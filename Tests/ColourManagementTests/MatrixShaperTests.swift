// Why this exists: the tabulated conversion of matrix-shaper profiles gives what lcms2's own 8-bit transform gives, within one level, for every colour of a 17-level cube, from Adobe RGB, ProPhoto RGB, Display P3 and a profile that swaps red and green; alpha is kept.
import ColourManagement
import Foundation
import TestAndBenchSupport
import XCTest

final class MatrixShaperTests: XCTestCase {
    func testItMatchesLcms2WithinOneLevel() throws {
        let profiles = [("Adobe RGB", try TestProfiles.colord("AdobeRGB1998")), ("ProPhoto", try TestProfiles.colord("ProPhotoRGB")),
                        ("Display P3", TestProfiles.displayP3()), ("swapped", try TestProfiles.colord("SwappedRedAndGreen"))]
        for (name, bytes) in profiles {
            let profile = try ColourProfile.reading(bytes).get()
            let fast = try XCTUnwrap(MatrixShaperToSRGB(from: profile), name)
            let lcms = try XCTUnwrap(ColourTransform(from: profile, to: .sRGB, hasAlpha: false))
            var mine = ColourProfile.cube, theirs = ColourProfile.cube
            let count = ColourProfile.cube.count / 3
            mine.withUnsafeMutableBytes { fast.convertInPlace($0.baseAddress!, width: count, height: 1, rowStride: count * 3, channels: 3) }
            theirs.withUnsafeMutableBytes { lcms.convertInPlace($0.baseAddress!, width: count, height: 1, rowStride: count * 3) }
            let worst = zip(mine, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
            XCTAssertLessThanOrEqual(worst, 1, "\(name): the largest difference from lcms2 is \(worst) levels")
            XCTAssertNotEqual(mine, ColourProfile.cube, "\(name): it converts")
        }
    }

    func testAlphaIsKept() throws {
        let fast = try XCTUnwrap(MatrixShaperToSRGB(from: try ColourProfile.reading(TestProfiles.colord("SwappedRedAndGreen")).get()))
        var pixel: [UInt8] = [230, 40, 40, 77]
        pixel.withUnsafeMutableBytes { fast.convertInPlace($0.baseAddress!, width: 1, height: 1, rowStride: 4, channels: 4) }
        XCTAssertEqual(pixel[3], 77)
        XCTAssertGreaterThan(pixel[1], 200)
    }
}
