// Why this exists: the HTTP cache's thumbnail pixels come back exactly as they went in (RGB with padded rows, RGBA), and anything another program could have written instead (sizes past the box, a box past the largest the app makes, a stream that expands to more or fewer bytes, not zlib at all) is a miss, never pixels.
import Foundation
import GdkPixbuf
import GLibIO
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching

final class CachedPixelsTests: XCTestCase {
    /// A pixbuf with a different value in every byte it shows (rows padded where GdkPixbuf pads them).
    func pattern(width: Int, height: Int, alpha: Bool) throws -> Pixbuf {
        let pixbuf = try XCTUnwrap(Pixbuf(width: width, height: height, hasAlpha: alpha))
        let channels = alpha ? 4 : 3
        let target = UnsafeMutablePointer(mutating: pixbuf.pixels)
        for y in 0..<height {
            for x in 0..<width * channels { target[y * pixbuf.rowStride + x] = UInt8((x * 7 + y * 13) & 0xff) }
        }
        return pixbuf
    }

    func shown(_ pixbuf: Pixbuf) -> [UInt8] {
        let row = pixbuf.width * (pixbuf.hasAlpha ? 4 : 3)
        return (0..<pixbuf.height).flatMap { y in Array(UnsafeBufferPointer(start: pixbuf.pixels + y * pixbuf.rowStride, count: row)) }
    }

    func testPixelsComeBackAsTheyWent() throws {
        for (width, height, alpha) in [(37, 20, false), (256, 170, false), (5, 9, true), (1, 1, false)] {
            let original = try pattern(width: width, height: height, alpha: alpha)
            let kept = try XCTUnwrap(CachedPixels.encode(original))
            XCTAssertEqual(kept.layout, CachedPixels.Layout(width: width, height: height, alpha: alpha))
            let back = try XCTUnwrap(CachedPixels.decode(kept.data, layout: kept.layout, maxSide: 256))
            XCTAssertEqual([back.width, back.height], [width, height])
            XCTAssertEqual(back.hasAlpha, alpha)
            XCTAssertEqual(shown(back), shown(original), "\(width)×\(height) alpha \(alpha)")
        }
    }

    func testWhatDoesNotCheckOutIsAMiss() throws {
        let original = try pattern(width: 40, height: 30, alpha: false)
        let kept = try XCTUnwrap(CachedPixels.encode(original))
        let layout = kept.layout
        // Sizes past the box the entry was made for, or none at all.
        XCTAssertNil(CachedPixels.decode(kept.data, layout: layout, maxSide: 39))
        for (width, height) in [(0, 30), (40, 0), (-40, -30), (Int.max, 1), (1, Int.max)] {
            XCTAssertNil(CachedPixels.decode(kept.data, layout: .init(width: width, height: height, alpha: false), maxSide: 256), "\(width)×\(height)")
        }
        // The box is read from the same file: a huge one raises no bound, and no size overflows.
        for (width, height) in [(Int.max, Int.max), (1 << 40, 1 << 40), (2000, 2000)] {
            XCTAssertNil(CachedPixels.decode(kept.data, layout: .init(width: width, height: height, alpha: true), maxSide: .max), "\(width)×\(height)")
        }
        // A layout that needs fewer bytes than the stream holds (it expands past them), or more.
        XCTAssertNil(CachedPixels.decode(kept.data, layout: .init(width: 40, height: 29, alpha: false), maxSide: 256))
        XCTAssertNil(CachedPixels.decode(kept.data, layout: .init(width: 40, height: 30, alpha: true), maxSide: 256))
        // A stream cut short, one that is not zlib, and a bomb: 64 MB of zeros declared as 40×30.
        XCTAssertNil(CachedPixels.decode(kept.data.prefix(kept.data.count / 2), layout: layout, maxSide: 256))
        XCTAssertNil(CachedPixels.decode(Data("not a zlib stream".utf8), layout: layout, maxSide: 256))
        let bomb = try Deflate.zlib(Data(count: 64 << 20), level: 1)
        XCTAssertNil(CachedPixels.decode(bomb, layout: layout, maxSide: 256))
        // The same bytes, checked out, still decode.
        XCTAssertNotNil(CachedPixels.decode(kept.data, layout: layout, maxSide: 40))
    }
}
