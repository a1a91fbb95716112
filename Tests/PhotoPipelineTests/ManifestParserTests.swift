// Why this exists: every manifest format parses, keeps the file's order, resolves URLs, and names the fault in bad input.
import Foundation
import XCTest
@testable import PhotoPipeline
@testable import GalleryContents

final class ManifestParserTests: XCTestCase {
    let base = URL(fileURLWithPath: "/home/user/galleries/trip.plist")
    let expectedNames = ["Zebra", "Apple", "Mango", "Banana"]
    let expectedURLs = [
        "file:///home/user/galleries/images/zebra.png",
        "https://example.org/apple.jpg",
        "file:///srv/photos/mango.png",
        "file:///home/user/galleries/sub%20dir/banana%20one.png",
    ]

    func fixture(_ name: String) throws -> Data {
        let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return try Data(contentsOf: url)
    }

    func parse(_ text: String, source: URL? = nil) throws -> Manifest {
        try ManifestParser.parse(Data(text.utf8), source: source ?? base)
    }

    func assertParseError(_ text: String, contains fragments: [String], line: Int? = nil,
                          file: StaticString = #filePath, fileLine: UInt = #line) {
        assertParseError(Data(text.utf8), contains: fragments, line: line, file: file, fileLine: fileLine)
    }

    func assertParseError(_ data: Data, contains fragments: [String], line: Int? = nil,
                          file: StaticString = #filePath, fileLine: UInt = #line) {
        do {
            _ = try ManifestParser.parse(data, source: base)
            XCTFail("expected an error", file: file, line: fileLine)
        } catch {
            for fragment in fragments {
                XCTAssertTrue(error.description.contains(fragment), "“\(error.description)” lacks “\(fragment)”", file: file, line: fileLine)
            }
            if let line { XCTAssertEqual(error.line, line, "line of “\(error.description)”", file: file, line: fileLine) }
        }
    }

    // MARK: formats, order, resolution

    func testEveryFormatKeepsFileOrderAndResolvesURLs() throws {
        for (name, format) in [("order.plist", ManifestFormat.xmlPlist), ("order.bplist", .binaryPlist),
                               ("order-object.json", .json), ("order-array.json", .json)] {
            let manifest = try ManifestParser.parse(try fixture(name), source: base)
            XCTAssertEqual(manifest.format, format, name)
            XCTAssertEqual(manifest.entries.map(\.name), expectedNames, "order in \(name)")
            XCTAssertEqual(manifest.entries.map { $0.url?.absoluteString }, expectedURLs, "URLs in \(name)")
            XCTAssertTrue(manifest.entries.allSatisfy { $0.problem == nil }, name)
            XCTAssertEqual(manifest.title, "trip")
        }
    }

    func testBinaryPlistUTF16Names() throws {
        let manifest = try ManifestParser.parse(try fixture("unicode.bplist"), source: base)
        XCTAssertEqual(manifest.entries.map(\.name), ["사진 하나", "Café"])
    }

    func testOrderKeptForManyEntries() throws {
        let names = (0..<500).map { "Photo \((($0 * 7919) % 500))" }
        let json = "{" + names.map { "\"\($0)\": \"\($0).png\"" }.joined(separator: ",") + "}"
        XCTAssertEqual(try parse(json).entries.map(\.name), names)
    }

    func testRelativeURLsResolveAgainstRemoteManifest() throws {
        let remote = URL(string: "https://photos.example.org/galleries/2024/list.json")!
        let manifest = try parse(#"{"A": "a.jpg", "B": "../b.jpg", "C": "/c.jpg", "D": "//cdn.example.org/d.jpg"}"#, source: remote)
        XCTAssertEqual(manifest.entries.map { $0.url?.absoluteString }, [
            "https://photos.example.org/galleries/2024/a.jpg",
            "https://photos.example.org/galleries/b.jpg",
            "https://photos.example.org/c.jpg",
            "https://cdn.example.org/d.jpg",
        ])
    }

    func testDuplicateNamesAreSeparateRows() throws {
        let manifest = try parse(#"[{"name": "Same", "url": "a.png"}, {"name": "Same", "url": "b.png"}]"#)
        XCTAssertEqual(manifest.entries.count, 2)
    }

    func testPerEntryProblemsFailOnlyThatRow() throws {
        let remote = URL(string: "http://127.0.0.1/g.json")!
        let manifest = try parse(#"""
        [{"name": "ok", "url": "a.png"},
         {"name": "ftp", "url": "ftp://example.org/x.png"},
         {"name": "js", "url": "javascript:alert(1)"},
         {"name": "local", "url": "file:///etc/passwd"},
         {"name": "bad\u0007name", "url": "b.png"},
         {"name": "empty", "url": "  "}]
        """#, source: remote)
        let problems = manifest.entries.map(\.problem?.description)
        XCTAssertNil(problems[0])
        XCTAssertEqual(problems[1], "unsupported URL scheme “ftp:”")
        XCTAssertEqual(problems[2], "unsupported URL scheme “javascript:”")
        XCTAssertEqual(problems[3], "local files are not allowed from a remote gallery")
        XCTAssertEqual(problems[4], "the name contains control characters")
        XCTAssertEqual(problems[5], "the URL is empty")
        XCTAssertFalse(manifest.entries[4].name.contains("\u{7}"), "control characters are not shown")
    }

    func testLocalManifestMayPointAnywhere() throws {
        let manifest = try parse(#"{"a": "file:///etc/hosts", "b": "http://127.0.0.1:8080/x.png"}"#)
        XCTAssertEqual(manifest.entries.compactMap(\.problem), [])
    }

    // MARK: errors name the line or the entry

    func testMalformedXMLNamesLine() {
        assertParseError("""
        <?xml version="1.0"?>
        <plist version="1.0">
        <dict>
          <key>A</key>
          <string>a.png
        </dict>
        </plist>
        """, contains: ["malformed XML"], line: 6)
    }

    func testXMLValueOfWrongTypeNamesEntryAndLine() {
        assertParseError("""
        <?xml version="1.0"?>
        <plist version="1.0">
        <dict>
          <key>Good</key>
          <string>a.png</string>
          <key>Broken</key>
          <integer>7</integer>
        </dict>
        </plist>
        """, contains: ["Broken", "an integer", "expected a URL string"], line: 7)
    }

    func testXMLEntitiesCDATAAndComments() throws {
        let manifest = try parse("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment -->
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>Fish &amp; Chips &#x1F41F;</key><string>a.png?x=1&amp;y=2</string>
          <key><![CDATA[<Raw>]]></key><string>b<!-- inline -->.png</string>
        </dict></plist>
        """)
        XCTAssertEqual(manifest.entries.map(\.name), ["Fish & Chips 🐟", "<Raw>"])
        XCTAssertEqual(manifest.entries.map(\.rawURL), ["a.png?x=1&y=2", "b.png"])
    }

    func testXMLEntityDefinitionsAreRefused() {
        // An internal DTD subset could define an entity bomb ("billion laughs"): refused outright.
        assertParseError("""
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>
        <plist><dict><key>A</key><string>&b;</string></dict></plist>
        """, contains: ["internal subset"], line: 2)
        assertParseError("<plist><dict><key>A</key><string>&nope;</string></dict></plist>", contains: ["unknown entity"])
    }

    func testXMLKeyWithoutValue() {
        assertParseError("<plist><dict><key>Lonely</key></dict></plist>", contains: ["Lonely", "has no value"])
    }

    func testXMLWrongRoot() {
        assertParseError("<html><body/></html>", contains: ["expected <plist>"])
    }

    func testJSONSyntaxErrorNamesLine() {
        assertParseError("{\n  \"A\": \"a.png\",\n  \"B\": \"b.png\"\n  \"C\": \"c.png\"\n}", contains: ["malformed JSON"], line: 4)
    }

    func testJSONWrongValueType() {
        assertParseError("{\n\"A\": \"a.png\",\n\"B\": 12\n}", contains: ["“B”", "a number"], line: 3)
    }

    func testJSONArrayItemMissingURL() {
        assertParseError("[\n{\"name\": \"A\", \"url\": \"a\"},\n{\"name\": \"B\"}\n]", contains: ["#2", "missing “url”"], line: 3)
    }

    func testJSONTopLevelString() {
        assertParseError("\"just a string\"", contains: ["top level is a string"])
    }

    func testJSONTrailingGarbage() {
        assertParseError("{\"A\": \"a\"} x", contains: ["unexpected text after"])
    }

    func testInvalidUTF8FailsOnlyItsEntry() throws {
        var data = Data("{\"Good\": \"a.png\", \"Bad".utf8)
        data.append(contentsOf: [0xFF, 0xFE])
        data.append(contentsOf: Array("\": \"b.png\", \"Bad URL\": \"c".utf8))
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Array(".png\"}".utf8))
        let manifest = try ManifestParser.parse(data, source: base)
        XCTAssertEqual(manifest.entries.map(\.problem?.description), [nil, "the name is not valid UTF-8", "the URL is not valid UTF-8"])
    }

    func testBinaryPlistWrongType() throws {
        assertParseError(try fixture("wrong-type.bplist"), contains: ["“Bad”", "an integer"])
    }

    func testTruncatedBinaryPlist() throws {
        let data = try fixture("order.bplist")
        assertParseError(data.prefix(data.count - 10), contains: ["binary property list"])
    }

    func testEmptyAndNonManifestFiles() {
        assertParseError(Data(), contains: ["empty"])
        assertParseError("   \n  ", contains: ["only white space"])
        assertParseError(Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 3]), contains: ["not a gallery manifest"])
    }
}
