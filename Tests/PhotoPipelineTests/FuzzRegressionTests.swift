// Why this exists: every input that ever broke a manifest parser (found by the fuzzer or by hand) parses without crashing, hanging or being trusted.
import Foundation
import XCTest
@testable import PhotoPipeline

final class FuzzRegressionTests: XCTestCase {
    func testEveryKeptInputIsRefusedCleanly() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/fuzz-regressions", withExtension: nil))
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertGreaterThanOrEqual(inputs.count, 3)
        for input in inputs {
            let data = try Data(contentsOf: input)
            let result = Result { () throws(ManifestError) -> Manifest in try ManifestParser.parse(data, source: URL(fileURLWithPath: "/g.plist")) }
            if case .failure(let error) = result {
                XCTAssertFalse(error.description.isEmpty, input.lastPathComponent)
            }
        }
    }
}
