// Why this exists: a PNG is turned in a helper, and the app takes the helper's file only as far as its chunks are right: answers forged as a compromised helper would forge them (a chunk added, a kept chunk changed, the header not turned, no image data, bytes after the end) are each refused, and a true answer is taken. (The pixels' check, with a fresh helper, is PNGTurnHelperAppTests: the sanitizer builds run these tests, and their helpers cannot run under a helper's limits.)
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class PNGTurnCheckTests: XCTestCase {
    let original = [UInt8](TestImages.encoded(width: 24, height: 16) { x, y in [UInt8(x * 10), UInt8(y * 15), 99] })

    /// `file` with `chunk` inserted before its IEND (or replacing the chunk of that type).
    func withChunk(_ file: [UInt8], _ type: String, _ body: [UInt8], replacing: Bool = false) throws -> [UInt8] {
        var png = try PNGRotationEdit.parsed(file)
        if replacing, let index = png.chunks.firstIndex(where: { $0.type == type }) { png.chunks[index].body = body[...] } else {
            png.chunks.insert((type, body[...]), at: png.chunks.count - 1)
        }
        return PNGRotationEdit.signature + png.chunks.flatMap { PNGRotationEdit.chunk($0.type, Array($0.body)) }
    }

    func testForgedChunksAreRefused() throws {
        let tagged = try withChunk(original, "tEXt", Array("Comment\u{0}kept".utf8))
        let turned = try PNGRotationEdit.turnedHere(tagged, .clockwise)
        XCTAssertNoThrow(try PNGRotationEdit.checkChunks(of: turned, against: PNGRotationEdit.parsed(tagged)), "the true answer")
        func refused(_ forged: [UInt8], _ what: String) {
            XCTAssertThrowsError(try PNGRotationEdit.checkChunks(of: forged, against: PNGRotationEdit.parsed(tagged)), what) { error in
                XCTAssertEqual((error as? TurnRefusal)?.reason.description, "the helper that turned it answered with another picture", what)
            }
        }
        refused(try withChunk(turned, "tEXt", Array("GPS\u{0}48.85837 N".utf8)), "a chunk added")
        refused(try withChunk(turned, "tEXt", Array("Comment\u{0}changed".utf8), replacing: true), "a kept chunk changed")
        refused(try withChunk(turned, "IHDR", Array(try PNGRotationEdit.parsed(tagged).header), replacing: true), "the header not turned")
        refused(PNGRotationEdit.signature + (try PNGRotationEdit.parsed(tagged)).chunks.filter { $0.type != "IDAT" }.flatMap { PNGRotationEdit.chunk($0.type, Array($0.body)) },
                "no image data")
        refused(turned + [1, 2, 3], "bytes after its end")
    }
}
