// Why this exists: the viewer's Details says how many frames an animation has: counted from the headers (ImageHeader) of GIFs and animated WebPs that ImageMagick writes at test time (and in a 10,000-frame GIF), with a still, a cut-short file and other formats counted as no animation; the viewer's full image carries the count.
import PhotoFormats
import DecodeHelper
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

final class FrameCountTests: XCTestCase {
    /// `frames` solid frames written by ImageMagick as `type` (gif, webp).
    func animation(frames: Int, type: String) throws -> Data {
        let folder = TemporaryFiles.url("frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("anim.\(type)").path
        let colours = ["#e02020", "#2040e0", "#20c040", "#f0f0f0", "#101010"]
        var arguments = ["-delay", "10", "-size", "40x30"]
        for index in 0..<frames { arguments.append("xc:\(colours[index % colours.count])") }
        arguments += ["-loop", "0", target]
        let made = try Tool.run("/usr/bin/convert", arguments, timeout: 120)
        XCTAssertEqual(made.status, 0, made.output)
        return try Data(contentsOf: URL(fileURLWithPath: target))
    }

    func testCountsTheFramesOfAGIFAndAnAnimatedWebP() throws {
        XCTAssertEqual(ImageHeader.frames(in: try animation(frames: 5, type: "gif")), 5)
        XCTAssertEqual(ImageHeader.frames(in: try animation(frames: 3, type: "webp")), 3)
        let long = try XCTUnwrap(AnimatedGIF.repeating(try animation(frames: 3, type: "gif"), frames: 10_000))
        XCTAssertEqual(ImageHeader.frames(in: long), 10_000)
    }

    func testAStillACutShortFileAndOtherFormatsAreNoAnimation() throws {
        XCTAssertNil(ImageHeader.frames(in: try animation(frames: 1, type: "gif")))
        XCTAssertNil(ImageHeader.frames(in: try animation(frames: 1, type: "webp")))
        let gif = try animation(frames: 4, type: "gif")
        XCTAssertNil(ImageHeader.frames(in: gif.prefix(gif.count / 2)), "a GIF cut short is not counted")
        let webp = try animation(frames: 4, type: "webp")
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64).decode(webp.prefix(webp.count / 2)), "a WebP cut short is refused whole, so no count is shown")
        XCTAssertNil(ImageHeader.frames(in: OrientedPhotos.uprightPNG()))
        XCTAssertNil(ImageHeader.frames(in: Data()))
        XCTAssertNil(ImageHeader.frames(in: Data("GIF89a".utf8)))
    }

    /// The viewer's load of a GIF in a gallery's folder: its details carry the frame count.
    func testTheViewersFullImageCarriesTheCount() throws {
        let folder = TemporaryFiles.url("frames-viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try animation(frames: 4, type: "gif").write(to: folder.appendingPathComponent("anim.gif"))
        try OrientedPhotos.uprightPNG().write(to: folder.appendingPathComponent("still.png"))
        let json = #"[{"name": "anim", "url": "anim.gif"}, {"name": "still", "url": "still.png"}]"#
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: json, source: folder.appendingPathComponent("g.json"))
            let viewer = PhotoViewer(gallery: harness.gallery)
            viewer.open(0)
            XCTAssertTrue(harness.run(timeout: 20) { viewer.image(for: 0) != nil && viewer.image(for: 1) != nil }, "both loaded")
            XCTAssertEqual(viewer.image(for: 0)?.details.frameCount, 4)
            XCTAssertNil(viewer.image(for: 1)?.details.frameCount)
            viewer.close()
        }
    }
}
