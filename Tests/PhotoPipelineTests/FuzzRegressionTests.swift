// Why this exists: every input that ever broke a manifest parser (found by the fuzzer or by hand) has its expected outcome written down, and gets exactly that: refused with that reason, or parsed to those rows.
import Foundation
import XCTest
@testable import PhotoPipeline
@testable import GalleryContents

final class FuzzRegressionTests: XCTestCase {
    enum Expected {
        /// Refused, with a reason that says this.
        case refused(String)
        /// Parsed to exactly these rows (name and raw URL).
        case parsed([(name: String, url: String)])
    }

    /// One line per kept input. A new input without a line here fails the test: say what it must do.
    static let expected: [String: Expected] = [
        "bplist-huge-count": .refused("corrupt binary property list trailer"),
        // An 8-byte object reference above Int.max: trapped converting it to Int (found by the fuzzer).
        "bplist-reference-beyond-int": .refused("object reference 12266731623360839178 is out of range"),
        // Its dictionary refers to itself as a key: refused when the key is not a string (it
        // used to be refused on depth, recursing into the key first).
        "bplist-self-reference": .refused("dictionary key 1 is not a string"),
        // 2,100 rows sharing one 64 KiB URL string: 134 MB of rows from a 127 KB file. Each
        // copy counts: refused before the rows reach the manifest limit (it used to copy them all).
        "bplist-shared-string": .refused("entry “Photo 2048”: the entries' names and URLs add up to more than 128 MiB (a string the file shares counts each time an entry uses it)"),
        // A row whose name is an array of two references to the next, 60 levels down: 2^60
        // objects to walk in full (it used to recurse into them). Counted, and refused at once.
        "bplist-doubling-arrays": .refused("shared objects expand past 1552 objects (the file holds 66): a file that refers to the same objects over and over is refused"),
        "json-deep": .refused("line 1: malformed JSON: nesting deeper than 64 levels"),
        "xml-garbled-declaration": .refused("line 1: malformed XML: unexpected character in a tag"),
        "xml-nul-then-colon-element": .refused("line 1: malformed XML: expected <plist>"),
        "xml-pi-then-text": .refused("line 1: malformed XML: expected <plist>"),
    ]

    func testEveryKeptInputHasItsExpectedOutcome() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/fuzz-regressions", withExtension: nil))
        let inputs = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        XCTAssertEqual(Set(inputs.map(\.lastPathComponent)), Set(Self.expected.keys), "every kept input has an expected outcome")
        for input in inputs {
            let name = input.lastPathComponent
            guard let expected = Self.expected[name] else { continue }
            let data = try Data(contentsOf: input)
            let result = Result { () throws(ManifestError) -> Manifest in try ManifestParser.parse(data, source: URL(fileURLWithPath: "/g.plist")) }
            switch (expected, result) {
            case (.refused(let reason), .failure(let error)):
                XCTAssertEqual(error.description, reason, name)
            case (.parsed(let rows), .success(let manifest)):
                XCTAssertEqual(manifest.entries.map(\.name), rows.map(\.name), name)
                XCTAssertEqual(manifest.entries.map(\.rawURL), rows.map(\.url), name)
            case (.refused(let reason), .success(let manifest)):
                XCTFail("\(name) must be refused (\(reason)) but parsed to \(manifest.entries.count) rows")
            case (.parsed, .failure(let error)):
                XCTFail("\(name) must parse but was refused: \(error)")
            }
        }
    }
}
