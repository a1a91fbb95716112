// Why this exists: a lossless WebP's turn, made by the real helper, is taken only if its chunks are the original's but for the image and the turned canvas, and a second, fresh helper finds in it the original's pixels turned: answers forged as a compromised helper would forge them (its EXIF changed, a chunk added, the canvas not turned, another picture's pixels, the other turn) are each refused. Here, not with the pipeline's tests: a sanitized helper cannot run under a helper's address-space limit.
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class WebPTurnCheckAppTests: XCTestCase {
    /// A lossless, extended WebP with an EXIF chunk; `marked` with one pixel changed.
    func made(marked: Bool) throws -> [UInt8] {
        let file = TemporaryFiles.url("webp-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: file) }
        let mark = marked ? ["-fill", "red", "-draw", "point 5,7"] : []
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "24x16!"] + mark
                         + ["-define", "webp:lossless=true", "-define", "webp:exact=true", file.path])
        _ = try Exiftool.run(["-q", "-overwrite_original", "-Artist=Ansel"], file.path)
        return [UInt8](try Data(contentsOf: file))
    }

    /// `file`'s chunks, each as `edit` leaves it (nil drops it), laid out again.
    func rewritten(_ file: [UInt8], adding extra: [(String, [UInt8])] = [], _ edit: (String, [UInt8]) -> [UInt8]? = { $1 }) throws -> [UInt8] {
        let chunks = try WebPRotationEdit.chunks(file).compactMap { chunk in edit(chunk.type, Array(file[chunk.payload])).map { (chunk.type, $0) } } + extra
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        var body: [UInt8] = []
        for (type, payload) in chunks { body += Array(type.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : []) }
        return Array("RIFF".utf8) + le32(4 + body.count) + Array("WEBP".utf8) + body
    }

    func testForgedAnswersAreRefused() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 1)
        defer { pool.stopAll() }
        let original = try made(marked: false)
        let answer = try TurnInHelper.asked(original, .clockwise, in: pool, most: original.count * 4 + 65_536)
        XCTAssertNoThrow(try WebPRotationEdit.checkChunks(of: answer, against: original), "the true answer's chunks")
        XCTAssertNoThrow(try WebPRotationEdit.checkPixels(of: answer, against: original, .clockwise, in: pool), "the true answer's pixels")
        XCTAssertNoThrow(try WebPRotationEdit.checkChunks(of: try rewritten(answer), against: original), "the test's own layout is the helper's")

        func refused(_ what: String, _ check: () throws -> Void) {
            XCTAssertThrowsError(try check(), what) { error in
                XCTAssertEqual((error as? TurnRefusal)?.reason.description, "the helper that turned it answered with another picture", what)
            }
        }
        refused("its EXIF changed") {
            try WebPRotationEdit.checkChunks(of: try rewritten(answer) { type, payload in
                type == "EXIF" ? [UInt8](String(decoding: payload, as: UTF8.self).replacingOccurrences(of: "Ansel", with: "Bnsel").utf8) : payload
            }, against: original)
        }
        refused("a chunk added") {
            try WebPRotationEdit.checkChunks(of: try rewritten(answer, adding: [("XMP ", Array("<x:xmpmeta/>".utf8))]), against: original)
        }
        let canvas = Array(original[try XCTUnwrap(try WebPRotationEdit.chunks(original).first { $0.type == "VP8X" }).payload])
        refused("the canvas not turned") {
            try WebPRotationEdit.checkChunks(of: try rewritten(answer) { type, payload in type == "VP8X" ? canvas : payload }, against: original)
        }
        let other = try TurnInHelper.asked(try made(marked: true), .clockwise, in: pool, most: original.count * 4 + 65_536)
        refused("another picture's pixels") { try WebPRotationEdit.checkPixels(of: other, against: original, .clockwise, in: pool) }
        refused("the other turn") { try WebPRotationEdit.checkPixels(of: answer, against: original, .anticlockwise, in: pool) }
    }
}
