// Why this exists: real GdkPixbuf decoding: PNG, JPEG, gray, alpha, EXIF rotation, downscale at decode, square crop, and the pixel-bomb guard (also for a loader that tells its size only after decoding).
import PhotoFormats
import CGLib
import CGdkPixbuf
import Foundation
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

final class ImageDecoderTests: XCTestCase {
    func testPNGAndJPEGDownscaleToLongestSide() throws {
        let decoder = ImageDecoder(maxDimension: 64)
        let chelsea = try decoder.decode(SamplePhotos.data("chelsea.png"))   // 451 × 300
        XCTAssertEqual([chelsea.width, chelsea.height], [64, 43])
        let rocket = try decoder.decode(SamplePhotos.data("rocket.jpg"))      // 640 × 427
        XCTAssertEqual([rocket.width, rocket.height], [64, 43])
        let cell = try decoder.decode(SamplePhotos.data("cell.png"))          // 550 × 660, portrait
        XCTAssertEqual([cell.width, cell.height], [53, 64])
    }

    func testSmallImagesAreNotUpscaled() throws {
        let tiny = try ImageDecoder(maxDimension: 256).decode(SamplePhotos.data("microaneurysms.png")) // 102 × 102
        XCTAssertEqual([tiny.width, tiny.height], [102, 102])
    }

    func testSquareCropFillsTheSlot() throws {
        var decoder = ImageDecoder(maxDimension: 64)
        decoder.squareCrop = true
        for file in ["chelsea.png", "cell.png", "rocket.jpg", "astronaut.png"] {
            let image = try decoder.decode(SamplePhotos.data(file))
            XCTAssertEqual([image.width, image.height], [64, 64], file)
        }
    }

    func testGrayPNGBecomesRGB() throws {
        let camera = try ImageDecoder(maxDimension: 64).decode(SamplePhotos.data("camera.png"))
        XCTAssertEqual(camera.channels, 3)
        let p = camera.pixel(x: 10, y: 10)
        XCTAssertEqual(p[0], p[1]); XCTAssertEqual(p[1], p[2])
    }

    func testAlphaIsKept() throws {
        let horse = try ImageDecoder(maxDimension: 64).decode(SamplePhotos.data("horse.png"))
        XCTAssertTrue(horse.hasAlpha)
        XCTAssertEqual(horse.channels, 4)
        let alphas = (0..<horse.height).flatMap { y in (0..<horse.width).map { horse.pixel(x: $0, y: y)[3] } }
        XCTAssertLessThan(alphas.min()!, alphas.max()!, "the alpha channel carries the silhouette")
    }

    func testEXIFOrientationIsApplied() throws {
        // 40 × 20: left half red, right half blue. Orientation 6 means "rotate 90° clockwise to view".
        let source = TestImages.pixbuf(width: 40, height: 20) { x, _ in x < 20 ? [255, 0, 0] : [0, 0, 255] }
        let jpeg = TestImages.encode(source, type: "jpeg")
        let upright = try ImageDecoder(maxDimension: 64).decode(jpeg)
        XCTAssertEqual([upright.width, upright.height], [40, 20], "control: no orientation tag")

        let rotated = try ImageDecoder(maxDimension: 64).decode(TestImages.withEXIFOrientation(jpeg, orientation: 6))
        XCTAssertEqual([rotated.width, rotated.height], [20, 40])
        let top = rotated.pixel(x: 10, y: 5), bottom = rotated.pixel(x: 10, y: 35)
        XCTAssertGreaterThan(top[0], 200, "red is on top after a clockwise turn: \(top)")
        XCTAssertGreaterThan(bottom[2], 200, "blue is below: \(bottom)")
    }

    func testDecompressionBombIsRefusedBeforeAllocation() throws {
        let bomb = TestImages.pngBomb(width: 30_000, height: 30_000)
        XCTAssertLessThan(bomb.count, 10_000)
        var report = ImageDecoder.Report()
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64, pixelLimit: 100_000_000).decode(bomb, report: &report)) { error in
            XCTAssertEqual(error as? DecodeError, .tooManyPixels(width: 30_000, height: 30_000, limit: 100_000_000))
            XCTAssertTrue("\(error)".contains("30000 × 30000"), "\(error)")
        }
        XCTAssertEqual([report.declaredWidth, report.declaredHeight], [30_000, 30_000])
        XCTAssertFalse(report.allocated, "the loader must not allocate the pixels of a refused image")

        // Control: the same probe sees the allocation of an image within the limit.
        var normal = ImageDecoder.Report()
        _ = try ImageDecoder(maxDimension: 64).decode(SamplePhotos.data("horse.png"), report: &normal)
        XCTAssertTrue(normal.allocated)
    }

    /// A loader that says its size only once it has decoded (XPM's decodes the whole file, then
    /// hands over the picture): the pixel cap still refuses it, with the reason, instead of a
    /// thumbnail scaled from however many pixels it made.
    func testALoaderThatTellsItsSizeOnlyAfterDecodingIsStillCapped() throws {
        func xpm(side: Int) -> Data {
            let row = "\"" + String(repeating: "a", count: side) + "\",\n"
            return Data(("/* XPM */\nstatic char *big[] = {\n\"\(side) \(side) 1 1\",\n\"a c #FF0000\",\n"
                         + String(repeating: row, count: side) + "};\n").utf8)
        }
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64, pixelLimit: 1_000_000).decode(xpm(side: 2_000))) { error in
            XCTAssertEqual(error as? DecodeError, .tooManyPixels(width: 2_000, height: 2_000, limit: 1_000_000))
        }
        // Control: within the cap, the same kind of file decodes.
        let small = try ImageDecoder(maxDimension: 64, pixelLimit: 1_000_000).decode(xpm(side: 500))
        XCTAssertEqual([small.width, small.height], [64, 64])
    }

    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)))
    }

    func testUnusualButValidImagesAreShown() throws {
        let decoder = ImageDecoder(maxDimension: 64)
        let gif = try decoder.decode(try fixture("animated.gif"))          // red frame, then blue
        XCTAssertEqual([gif.width, gif.height], [32, 16])
        XCTAssertEqual(Array(gif.pixel(x: 5, y: 5).prefix(3)), [255, 0, 0], "an animated GIF shows its first frame")

        let cmyk = try decoder.decode(try fixture("cmyk.jpg"))             // orange at the top
        let top = cmyk.pixel(x: 16, y: 1)
        XCTAssertGreaterThan(top[0], 200, "CMYK converted to RGB: \(top)"); XCTAssertLessThan(top[2], 90, "\(top)")

        let deep = try decoder.decode(try fixture("deep16.png"))           // 16 bits a channel, red at the top
        XCTAssertGreaterThan(deep.pixel(x: 16, y: 0)[0], 240)

        let interlaced = try decoder.decode(try fixture("interlaced.png")) // Adam7, white at the top
        XCTAssertEqual([interlaced.width, interlaced.height], [32, 32])
        XCTAssertGreaterThan(interlaced.pixel(x: 16, y: 0)[1], 240)

        let dot = try decoder.decode(try fixture("one-pixel.png"))
        XCTAssertEqual([dot.width, dot.height], [1, 1])
        XCTAssertEqual(Array(dot.pixel(x: 0, y: 0).prefix(3)), [0x30, 0x60, 0xA0])

        let panorama = try decoder.decode(try fixture("panorama.jpg"))     // 6000 × 150
        XCTAssertEqual([panorama.width, panorama.height], [64, 2])
        var square = ImageDecoder(maxDimension: 64)
        square.squareCrop = true
        let cropped = try square.decode(try fixture("panorama.jpg"))
        XCTAssertEqual([cropped.width, cropped.height], [64, 64], "a panorama fills the square slot from its middle")
    }

    func testBrokenInputsFailWithAReason() {
        let decoder = ImageDecoder(maxDimension: 64)
        XCTAssertThrowsError(try decoder.decode(Data())) { XCTAssertEqual($0 as? DecodeError, .empty) }
        for (name, data) in [("html", Data("<html><body>404</body></html>".utf8)),
                             ("truncated png", SamplePhotos.data("coffee.png").prefix(2000)),
                             ("truncated jpeg", SamplePhotos.data("rocket.jpg").prefix(3000)),
                             ("corrupt header", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data(repeating: 0xFF, count: 64))] {
            XCTAssertThrowsError(try decoder.decode(data), name) { error in
                if name.hasPrefix("truncated") {
                    let format = name.hasSuffix("png") ? "PNG" : "JPEG"
                    return XCTAssertEqual(error as? DecodeError, .truncated(format: format), name)
                }
                if name == "corrupt header" {
                    // The loader's refusal by its code, its own words kept as the detail.
                    guard case .loaderRefused("png", .damaged, let detail)? = error as? DecodeError else { return XCTFail("\(name): \(error)") }
                    return XCTAssertFalse(detail.isEmpty, name)
                }
                guard case .undecodable(let reason)? = error as? DecodeError else { return XCTFail("\(name): \(error)") }
                XCTAssertFalse(reason.description.isEmpty, name)
            }
        }
    }
}
