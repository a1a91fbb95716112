// Why this exists: an animated JPEG XL's frames are shown in the colours of its still: libjxl decodes them in the profile the file carries, and the helper makes each sRGB as it makes the still (checked with colord's profile that swaps red and green, so a frame left in its own colours is the wrong colour).
@testable import DecodeHelper
import Foundation
import GdkPixbuf
import PhotoDecoding
import TestAndBenchSupport
import XCTest

final class CameraAnimationColourTests: XCTestCase {
    func testAnAnimatedJPEGXLsFramesAreInTheColoursOfItsStill() throws {
        let folder = TemporaryFiles.url("jxl-frames-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("anim.gif"), jxl = folder.appendingPathComponent("anim.jxl")
        let profile = folder.appendingPathComponent("swapped.icc")
        try TestProfiles.swappedRedAndGreen().write(to: profile)
        // Red, then blue: stored in a profile whose red is sRGB's green.
        XCTAssertEqual(try Tool.run("/usr/bin/convert", ["-delay", "20", "-size", "64x64", "xc:#e02020", "xc:#2040e0", "-loop", "0", gif.path]).status, 0)
        XCTAssertEqual(try Tool.run("/usr/bin/cjxl", [gif.path, jxl.path, "-x", "icc_pathname=\(profile.path)"], timeout: 120).status, 0)
        let data = try Data(contentsOf: jxl)

        var report = ImageDecoder.Report()
        let still = try ImageDecoder(maxDimension: 64).decode(data, report: &report).pixbuf
        XCTAssertTrue(report.profileConverted, "the still is made sRGB from its profile")
        let camera = try XCTUnwrap(LinkedParsers.libraries.camera)
        guard case .success(let list)? = HelperFrameList.read(data, camera: camera, pixelLimit: 1 << 20, processorSeconds: 10,
                                                               budget: DecodeBudget(bytes: 64 << 20), isCancelled: { false }) else {
            return XCTFail("the frames are read")
        }
        XCTAssertEqual(list.frames.count, 2)
        let first = Self.rgb(list.frames[0].pixbuf), shown = Self.rgb(still)
        XCTAssertGreaterThan(first.1, first.0, "the first frame's red is shown as its profile says, green: \(first)")
        XCTAssertLessThanOrEqual(zip([first.0, first.1, first.2], [shown.0, shown.1, shown.2]).map { abs($0 - $1) }.max() ?? 0, 2,
                                 "the first frame is the still: \(first) against \(shown)")
    }

    /// The middle pixel's red, green and blue.
    static func rgb(_ pixbuf: Pixbuf) -> (Int, Int, Int) {
        let at = (pixbuf.height / 2) * pixbuf.rowStride + (pixbuf.width / 2) * pixbuf.channels
        return (Int(pixbuf.pixels[at]), Int(pixbuf.pixels[at + 1]), Int(pixbuf.pixels[at + 2]))
    }
}
