// Why this exists: names and titles cannot hide or reorder the text around them: direction overrides, isolates, marks, line separators and invisible spaces are shown as a visible mark, joiners that scripts need stay, and a gallery title percent-decoded from its URL is cleaned too (each test fails with the cleaning taken out).
import PhotoFormats
import Foundation
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import GalleryContents

final class DisplayTextTests: XCTestCase {
    let manifest = URL(string: "http://example.org/gallery.json")!

    func testANameThatReordersTextIsShownWithAVisibleMarkAndStillLoads() {
        // "photo\u{202E}gpj.exe" shows as "photoexe.jpg" with the override: a trap for the eye.
        for hidden in ["\u{202E}", "\u{202D}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{2028}", "\u{200B}", "\u{FEFF}", "\u{061C}"] {
            let entry = URLPolicy.entry(name: "photo\(hidden)gpj.exe", rawURL: "a.png", manifest: manifest)
            XCTAssertEqual(entry.name, "photo\u{FFFD}gpj.exe", "U+\(String(hidden.unicodeScalars.first!.value, radix: 16, uppercase: true))")
            XCTAssertNil(entry.problem, "the row still loads")
        }
        let emoji = "family 👨\u{200D}👩\u{200D}👧 and نامه\u{200C}ها"
        XCTAssertEqual(URLPolicy.entry(name: emoji, rawURL: "a.png", manifest: manifest).name, emoji, "joiners scripts need stay")
        XCTAssertEqual(URLPolicy.entry(name: "Chelsea the Cat", rawURL: "a.png", manifest: manifest).name, "Chelsea the Cat")
    }

    func testAGalleryTitleDecodedFromItsURLIsCleaned() {
        let title = ManifestParser.title(for: URL(string: "http://example.org/%E2%80%AEyrellag%0Aevil.json")!)
        XCTAssertEqual(title, "\u{FFFD}yrellag\u{FFFD}evil")
        XCTAssertEqual(ManifestParser.title(for: URL(string: "http://user:pw@example.org/")!), "example.org", "a host, never the password")
    }

    func testANameAmongOtherWordsKeepsItsOwnDirection() {
        XCTAssertEqual(DisplayText.isolate("שלום"), "\u{2068}שלום\u{2069}")
    }
}
