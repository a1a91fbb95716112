// Why this exists: hostile images refused from their headers before any decoder sees them (a HEIC grid that made libheif write out of bounds, 16k grids in HEIC and AVIF, a 16k animated WebP, a GIF of 300,000 frames, drawings that embed bombs or HEIFs), each built at test time, and the good images beside them still decoded.
import PhotoFormats
import Foundation
import GdkPixbuf
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline

final class ImageHeaderTests: XCTestCase {
    func header(_ data: Data) throws -> ImageHeader? {
        let format = try XCTUnwrap(PixbufFormats.format(sniffing: data), "a format the loaders read")
        return try ImageHeader.read(data, format: format)
    }

    /// The decoder refuses `data` with `expected`, without the loader allocating a pixel.
    func assertRefused(_ data: Data, _ expected: DecodeError, file: StaticString = #filePath, line: UInt = #line) {
        var report = ImageDecoder.Report()
        XCTAssertThrowsError(try ImageDecoder(maxDimension: 64).decode(data, report: &report, within: DecodeBudget(bytes: 480 << 20)),
                             file: file, line: line) { error in
            XCTAssertEqual(error as? DecodeError, expected, file: file, line: line)
        }
        XCTAssertFalse(report.allocated, "no pixel allocated", file: file, line: line)
    }

    // MARK: HEIF and AVIF

    /// The 8.5 KB grid that made libheif write about 2 GB before its buffer: refused from its header.
    func testAHEICGridThatOverflowsLibheifIsRefusedFromItsHeader() throws {
        let tile = try HostileImages.written("heic", width: 512, height: 512)
        let bomb = try XCTUnwrap(HostileImages.grid(of: tile, rows: 63, columns: 63, width: 32_256, height: 32_256))
        XCTAssertLessThan(bomb.count, 10_000, "a small file")
        XCTAssertThrowsError(try header(bomb)) { error in
            XCTAssertEqual(error as? DecodeError, .tooManyPixels(width: 32_256, height: 32_256, limit: 100_000_000))
        }
        assertRefused(bomb, .tooManyPixels(width: 32_256, height: 32_256, limit: 100_000_000))

        // Control: a grid within the limits, built the same way, is read and decodes.
        let grid = try XCTUnwrap(HostileImages.grid(of: tile, rows: 2, columns: 2, width: 1024, height: 1024))
        XCTAssertEqual(try header(grid), ImageHeader(width: 1024, height: 1024, reserve: 1024 * 1024 * HEIFHeader.bytesPerPixel))
        let decoded = try ImageDecoder(maxDimension: 64).decode(grid)
        XCTAssertEqual([decoded.width, decoded.height], [64, 64])
    }

    func testSixteenKGridsInHEICAndAVIFAreRefused() throws {
        for type in ["heic", "avif"] {
            let tile = try HostileImages.written(type, width: 256, height: 256)
            let grid = try XCTUnwrap(HostileImages.grid(of: tile, rows: 64, columns: 64, width: 16_384, height: 16_384), type)
            assertRefused(grid, .tooManyPixels(width: 16_384, height: 16_384, limit: 100_000_000))
        }
    }

    /// A grid whose box says fewer pixels than its tiles hold, one that names the wrong number
    /// of tiles, a file cut short before its items: none reaches the decoder.
    func testGridsThatDisagreeWithThemselvesAndCutShortFilesAreRefused() throws {
        let tile = try HostileImages.written("heic", width: 512, height: 512)
        let lying = try XCTUnwrap(HostileImages.grid(of: tile, rows: 63, columns: 63, width: 512, height: 512))
        XCTAssertThrowsError(try header(lying)) { error in
            guard case .tooManyPixels? = error as? DecodeError else { return XCTFail("\(error)") }
        }
        let plain = try HostileImages.written("heic")
        XCTAssertNotNil(try header(plain), "control: a plain HEIC is read")
        XCTAssertThrowsError(try header(plain.prefix(60))) { error in
            guard case .unreadableHeader? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    /// Inputs the header fuzzer found trapping a reader, each read by every reader: refused or
    /// read, never a trap. (A HEIF item whose extent runs "to the end" from past the bytes read:
    /// its length came out negative, and a range of it trapped.)
    func testInputsTheFuzzerFoundAreReadWithoutATrap() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/header-fuzz-regressions", withExtension: nil))
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertFalse(inputs.isEmpty)
        for input in inputs {
            let data = try Data(contentsOf: input)
            for format in ["heif/avif", "webp", "gif", "svg"] { _ = try? ImageHeader.read(data, formatNamed: format) }
        }
    }

    // MARK: WebP

    func testASixteenKAnimatedWebPIsRefusedFromItsHeader() throws {
        let still = try HostileImages.written("webp", width: 1, height: 1)
        let bomb = try XCTUnwrap(HostileImages.animatedWebP(canvasWidth: 16_384, height: 16_384, still: still))
        XCTAssertLessThan(bomb.count, 200)
        assertRefused(bomb, .tooManyPixels(width: 16_384, height: 16_384, limit: 100_000_000))
        // Control: the same file on a small canvas is read (frames counted, every frame budgeted).
        let small = try XCTUnwrap(HostileImages.animatedWebP(canvasWidth: 16, height: 16, frames: 3, still: still))
        XCTAssertEqual(try header(small), ImageHeader(width: 16, height: 16, frames: 3, reserve: 4 * 16 * 16 * 4))
    }

    /// An animated WebP holds every frame decoded: one within the pixel cap whose frames would
    /// hold more than the budget is refused before the loader starts.
    func testAnAnimatedWebPWhoseFramesOutgrowTheBudgetIsRefused() throws {
        let still = try HostileImages.written("webp", width: 1, height: 1)
        let long = try XCTUnwrap(HostileImages.animatedWebP(canvasWidth: 4_000, height: 4_000, frames: 20, still: still))
        assertRefused(long, .overBudget(needed: 21 * 4_000 * 4_000 * 4, capacity: 480 << 20))
        let tooMany = try XCTUnwrap(HostileImages.animatedWebP(canvasWidth: 2, height: 2, frames: 10_001, still: still))
        assertRefused(tooMany, .tooManyFrames(limit: 10_000))
    }

    // MARK: GIF

    func testAGIFOf300000FramesIsRefusedAtTheFrameCap() throws {
        let long = HostileImages.gif(frames: 300_000)
        assertRefused(long, .tooManyFrames(limit: 10_000))
        XCTAssertEqual(try header(HostileImages.gif(frames: 10_000))?.frames, 10_000, "at the cap, read")
        XCTAssertEqual(ImageHeader.frames(in: HostileImages.gif(frames: 10_000)), 10_000)
        XCTAssertThrowsError(try header(Data("GIF89a".utf8) + Data([1]))) { error in
            guard case .unreadableHeader? = error as? DecodeError else { return XCTFail("\(error)") }
        }
    }

    /// A frame placed past the logical screen grows the canvas, as GdkPixbuf's loader grows it.
    func testAGIFFrameOutsideItsScreenCountsAtItsExtent() throws {
        var gif = [UInt8](HostileImages.gif(frames: 1))
        // The image descriptor's left offset (after header 13, colour table 6, loop extension 19, control 8).
        let descriptor = 13 + 6 + 19 + 8
        XCTAssertEqual(gif[descriptor], 0x2C)
        gif[descriptor + 1] = 0xFF; gif[descriptor + 2] = 0xFF     // left 65535
        gif[descriptor + 5] = 0xFF; gif[descriptor + 6] = 0xFF     // width 65535
        gif[descriptor + 7] = 0xFF; gif[descriptor + 8] = 0xFF     // height 65535
        XCTAssertThrowsError(try header(Data(gif))) { error in
            XCTAssertEqual(error as? DecodeError, .tooManyPixels(width: 131_070, height: 65_535, limit: 100_000_000))
        }
    }

    // MARK: SVG

    func testADrawingThatEmbedsABombOrAHEIFIsRefused() throws {
        let bomb = TestImages.pngBomb(width: 16_000, height: 16_000)
        let drawing = HostileImages.drawing(embedding: [("image/png", bomb)])
        XCTAssertThrowsError(try header(drawing)) { error in
            XCTAssertTrue("\(error)".contains("an image it embeds is refused: the image is too large: 16000 × 16000"), "\(error)")
        }
        assertRefused(drawing, try refusal(drawing))
        // Two images each under the cap, together over it.
        let half = TestImages.pngBomb(width: 8_000, height: 8_000)
        XCTAssertThrowsError(try header(HostileImages.drawing(embedding: [("image/png", half), ("image/png", half)]))) { error in
            XCTAssertTrue("\(error)".contains("add up to more than 100 megapixels"), "\(error)")
        }
        // A HEIF, whatever it is called: librsvg would hand it to libheif unchecked.
        let heic = try HostileImages.written("heic")
        for mediaType in ["image/heic", ""] {
            XCTAssertThrowsError(try header(HostileImages.drawing(embedding: [(mediaType, heic)])), mediaType) { error in
                XCTAssertTrue("\(error)".contains("of a type a drawing may not hold"), "\(error)")
            }
        }
        // Control: a drawing embedding a small PNG is read and decodes.
        let small = HostileImages.drawing(embedding: [("image/png", try HostileImages.written("png", width: 8, height: 8))])
        XCTAssertNotNil(try header(small))
        XCTAssertEqual(try ImageDecoder(maxDimension: 64).decode(small).width, 64)
    }

    func refusal(_ data: Data) throws -> DecodeError {
        do { _ = try header(data) } catch let error as DecodeError { return error }
        XCTFail("not refused")
        return .empty
    }

    /// However the URL is spelled: character references, an internal entity, a style's url(),
    /// a URL-encoded drawing in a drawing.
    func testEmbeddedURLsAreFoundHoweverTheyAreSpelled() throws {
        let payload = TestImages.pngBomb(width: 16_000, height: 16_000).base64EncodedString()
        let head = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">"#
        let spellings = [
            head + #"<image width="10" height="10" xlink:href="&#x64;&#97;ta:image/png;base64,\#(payload)"/></svg>"#,
            #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY bomb "data:image/png;base64,\#(payload)">]>"# + head
                + #"<image width="10" height="10" href="&bomb;"/></svg>"#,
            head + #"<rect width="10" height="10" style="fill: URL( 'data:image/png;base64,\#(payload)' )"/></svg>"#,
            head + #"<style><![CDATA[ rect { fill: url(data:image/png;base64,\#(payload)) } ]]></style></svg>"#,
            head + #"<image width="10" height="10" href="data:image/svg+xml,"# + "%3Csvg xmlns='http://www.w3.org/2000/svg'%3E%3Cimage href='data:image/png;base64,\(payload)'/%3E%3C/svg%3E" + #""/></svg>"#,
        ]
        for (index, spelling) in spellings.enumerated() {
            XCTAssertThrowsError(try header(Data(spelling.utf8)), "spelling \(index)") { error in
                XCTAssertTrue("\(error)".contains("16000 × 16000"), "spelling \(index): \(error)")
            }
        }
    }

    func testDrawingsOverTheirOtherLimitsAreRefused() throws {
        let head = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">"#
        let png = try HostileImages.written("png", width: 2, height: 2)
        let many = HostileImages.drawing(embedding: Array(repeating: ("image/png", png), count: 257))
        XCTAssertThrowsError(try header(many)) { XCTAssertTrue("\($0)".contains("more than 256 images"), "\($0)") }
        let crowded = Data((head + String(repeating: "<g/>", count: 200_001) + "</svg>").utf8)
        XCTAssertThrowsError(try header(crowded)) { XCTAssertTrue("\($0)".contains("more than 200000 elements"), "\($0)") }
        let laughs = #"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">"#
            + (1...12).map { #"<!ENTITY \#(Character(UnicodeScalar(97 + $0)!)) "\#(String(repeating: "&\(Character(UnicodeScalar(96 + $0)!));", count: 10))">"# }.joined()
            + "]>" + head + "<text>&m;</text></svg>"
        XCTAssertThrowsError(try header(Data(laughs.utf8))) { XCTAssertTrue("\($0)".contains("entities expand past"), "\($0)") }
        let utf7 = Data((#"<?xml version="1.0" encoding="UTF-7"?>"# + head + "</svg>").utf8)
        XCTAssertThrowsError(try header(utf7)) { XCTAssertTrue("\($0)".contains("“utf-7” encoding"), "\($0)") }
        let notSVG = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect"#.utf8)
        XCTAssertThrowsError(try header(notSVG)) { XCTAssertTrue("\($0)".contains("not XML"), "\($0)") }
        // Control: an ordinary drawing with an entity and a comment is read, and its DOM budgeted.
        let ordinary = ##"<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY c "#208020">]><!-- a comment -->"## + head
            + #"<rect width="10" height="10" fill="&c;"/></svg>"#
        XCTAssertEqual(try header(Data(ordinary.utf8))?.reserve, SVGHeader.domBytes(elements: 2, textBytes: ordinary.utf8.count + 7))
    }
}
