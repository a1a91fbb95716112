// Why this exists: a photo's new XMP is made by the real helper program (the app parses none of the user's bytes), and its answer passes the app's check, for each kind of file the marks go in and for a sidecar, new or already there; here, not with the pipeline's tests, since a sanitized helper cannot run under a helper's address-space limit.
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) @testable import PhotoDecoding
import TestAndBenchSupport
import XCTest

final class MarkHelperAppTests: XCTestCase {
    func testTheHelperMarksEachKindAndASidecar() throws {
        let pool = HelperPool(launch: HelperLaunch(executable: AppProcess.helperBinary), size: 1)
        defer { pool.stopAll() }
        let helpers = Decoders.helpers(pool, budget: DecodeBudget(bytes: DecodeBudget.processBytes))
        let webp = TemporaryFiles.url("mark-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: webp) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "32x32", webp.path])
        let photos: [(String, [UInt8])] = [("a JPEG", [UInt8](SamplePhotos.data("rocket.jpg"))), ("a PNG", [UInt8](SamplePhotos.data("horse.png"))),
                                           ("a WebP", [UInt8](try Data(contentsOf: webp))), ("a sidecar", SidecarFile.emptyPacket), ("no sidecar yet", [])]
        for (name, original) in photos {
            let change = MarksChange(rating: 4, flag: .pick, addTags: ["Places/Lisbon"])
            let sidecar = name.contains("sidecar")
            let (answer, before) = try PhotoMarking.marked(original, change, by: helpers, sidecar: sidecar)
            XCTAssertEqual(before, PhotoMarks(), name)
            let (again, had) = try PhotoMarking.marked(answer, MarksChange(rating: 1), by: helpers, sidecar: sidecar)
            XCTAssertEqual(had, PhotoMarks(rating: 4, flag: .pick, tags: ["Places/Lisbon"]), "\(name): read back by the helper")
            XCTAssertEqual(try PhotoMarking.marked(again, MarksChange(), by: .here, sidecar: sidecar).1, PhotoMarks(rating: 1, flag: .pick, tags: ["Places/Lisbon"]), name)
        }
    }
}
