// Why this exists: a PNG's turn is checked by a second, fresh helper (the real helper's program): a file whose chunks are right but whose pixels are not the original's turned (one value changed, or the other turn) is refused, and the true answer is taken. Here, not with the pipeline's tests: the sanitizer builds run those, and a sanitized helper cannot run under a helper's address-space limit.
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class PNGTurnHelperAppTests: XCTestCase {
    let original = [UInt8](TestImages.encoded(width: 24, height: 16) { x, y in [UInt8(x * 10), UInt8(y * 15), 99] })

    /// A file whose chunks are right but whose pixels are not the original's turned (one value
    /// changed): a fresh helper reads both, and the app refuses it. The true answer passes.
    func testAForgedPixelIsRefusedByAFreshHelper() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 1)
        defer { pool.stopAll() }
        let png = try PNGRotationEdit.parsed(original)
        let turned = try PNGRotationEdit.turnedHere(original, .anticlockwise)
        XCTAssertNoThrow(try PNGRotationEdit.checkSamples(of: turned, against: original, png, .anticlockwise, in: pool), "the true answer")
        let other = [UInt8](TestImages.encoded(width: 24, height: 16) { x, y in [UInt8(x * 10), UInt8(y * 15), x == 5 && y == 7 ? 98 : 99] })
        let forged = try PNGRotationEdit.turnedHere(other, .anticlockwise)
        XCTAssertNoThrow(try PNGRotationEdit.checkChunks(of: forged, against: png), "its chunks pass")
        XCTAssertThrowsError(try PNGRotationEdit.checkSamples(of: forged, against: original, png, .anticlockwise, in: pool)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "the helper that turned it answered with another picture")
        }
        XCTAssertThrowsError(try PNGRotationEdit.checkSamples(of: turned, against: original, png, .clockwise, in: pool), "the other turn")
    }
}
