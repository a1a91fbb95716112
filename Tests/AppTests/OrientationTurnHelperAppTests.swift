// Why this exists: a JPEG's, TIFF's or HEIC's turn is computed by the real helper program (the app no longer runs the edit on the user's bytes), and its answer passes the app's check; here, not with the pipeline's tests, since a sanitized helper cannot run under a helper's address-space limit.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class OrientationTurnHelperAppTests: XCTestCase {
    func testTheHelperTurnsEachKindAndTheAppTakesItsAnswer() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 1)
        defer { pool.stopAll() }
        let heic = TemporaryFiles.url("turn-\(UUID().uuidString).heic"), tiff = TemporaryFiles.url("turn-\(UUID().uuidString).tif")
        defer { for file in [heic, tiff] { try? FileManager.default.removeItem(at: file) } }
        for file in [heic, tiff] {
            _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "32x32", file.path])
        }
        let photos: [(String, [UInt8])] = [("a JPEG with the tag", [UInt8](OrientedPhotos.jpeg(orientation: 6))),
                                           ("a JPEG without EXIF", [UInt8](OrientedPhotos.jpeg(orientation: 1))),
                                           ("a TIFF", [UInt8](try Data(contentsOf: tiff))), ("a HEIC", [UInt8](try Data(contentsOf: heic)))]
        for (name, original) in photos {
            let answer = try TurnInHelper.asked(original, .anticlockwise, in: pool, most: original.count + 65_536)
            XCTAssertEqual(answer, try PhotoTurning.turnedHere(original, .anticlockwise, parsers: LinkedParsers.libraries), "\(name): the helper's edit")
            XCTAssertNoThrow(try PhotoTurning.check(answer, against: original, .anticlockwise, PhotoTurning.kind(of: original)), name)
        }
        // A GIF is refused by the helper, with the reason.
        let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 32)
        XCTAssertThrowsError(try TurnInHelper.asked(gif, .clockwise, in: pool, most: 65_536)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "a GIF photo cannot be turned without re-encoding it")
        }
    }
}
