// Why this exists: the filter's rules on their own: the bar's text read into terms (quotes, keys, dates that are not dates), and each condition deciding a photo from its name and facts, combined.
import Foundation
import GalleryContents
import MetadataValues
import PhotoFormats
import XCTest

final class PhotoFilterTests: XCTestCase {
    func facts(rating: Int = 0, flag: PhotoMarks.Flag = .none, tags: [String] = [], camera: String? = nil, lens: String? = nil,
               taken: String? = nil, located: Bool = false) -> PhotoFacts {
        var facts = PhotoFacts()
        facts.marks = PhotoMarks(rating: rating, flag: flag, tags: tags)
        facts.camera = camera
        facts.lens = lens
        facts.wallSeconds = taken.flatMap(PhotoFacts.wallSeconds)
        facts.located = located
        return facts
    }

    func testTheTextIsReadIntoTerms() {
        let (filter, unreadable) = PhotoFilter.parse("Lisbon tag:Places/Portugal camera:\"X100 V\" lens:35mm from:2024-05 to:2024-05-31 from:2024-13")
        XCTAssertEqual(filter.words, ["lisbon"])
        XCTAssertEqual(filter.tags, ["places/portugal"])
        XCTAssertEqual(filter.camera, ["x100 v"])
        XCTAssertEqual(filter.lens, ["35mm"])
        XCTAssertNotNil(filter.from)
        XCTAssertNotNil(filter.to)
        XCTAssertEqual(unreadable, ["from:2024-13"])
        let may = PhotoFilter.parse("from:2024-05").filter
        XCTAssertEqual(may.from.map { $0 < (PhotoFilter.day("2024-05-02")?.start ?? 0) }, true)
        XCTAssertNil(PhotoFilter.day("2024-0"))
        XCTAssertNil(PhotoFilter.day("20x4"))
        XCTAssertTrue(PhotoFilter.parse("").filter.isEmpty)
    }

    func testConditionsCombine() {
        let lisbon = facts(rating: 5, flag: .pick, tags: ["Places/Portugal/Lisbon"], camera: "Fujifilm X100V", lens: "23mm F2", taken: "2024:05:02 10:00:00", located: true)
        let june = facts(rating: 3, camera: "Canon EOS R6", lens: "RF35mm F1.8", taken: "2024:06:01 10:00:00")
        let reject = facts(flag: .reject, taken: "2024:05:20 10:00:00")
        func shown(_ text: String, rating: Int = 0, flags: PhotoFilter.Flags = .any, located: Bool = false) -> [String] {
            var filter = PhotoFilter.parse(text).filter
            filter.minimumRating = rating
            filter.flags = flags
            filter.located = located
            return [("a.jpg", lisbon), ("b.jpg", june), ("c.jpg", reject), ("d.jpg", nil)].filter {
                filter.matches(name: $0.0, modified: 0, facts: $0.1)
            }.map(\.0)
        }
        XCTAssertEqual(shown(""), ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        XCTAssertEqual(shown("A.JPG"), ["a.jpg"], "names, whatever their case")
        XCTAssertEqual(shown("", rating: 4), ["a.jpg"])
        XCTAssertEqual(shown("", rating: 1), ["a.jpg", "b.jpg"], "a reject has no stars; unread facts leave a photo out")
        XCTAssertEqual(shown("", flags: .rejects), ["c.jpg"])
        XCTAssertEqual(shown("", flags: .picks), ["a.jpg"])
        XCTAssertEqual(shown("", flags: .unflagged), ["b.jpg"])
        XCTAssertEqual(shown("tag:lisbon"), ["a.jpg"], "a level")
        XCTAssertEqual(shown("tag:places/portugal"), ["a.jpg"], "the start of a path")
        XCTAssertEqual(shown("tag:portugal/lis"), [], "not part of a level")
        XCTAssertEqual(shown("camera:canon"), ["b.jpg"])
        XCTAssertEqual(shown("lens:mm from:2024-05 to:2024-05"), ["a.jpg"])
        XCTAssertEqual(shown("from:2024-05-01 to:2024-05-31"), ["a.jpg", "c.jpg"])
        XCTAssertEqual(shown("", located: true), ["a.jpg"])
        XCTAssertEqual(shown("b camera:fuji"), [])
        // Names beyond ASCII are lower-cased whole; ASCII ones byte by byte.
        XCTAssertTrue(PhotoFilter.parse("été lisbon").filter.matches(name: "Été à LISBON.jpg", modified: 0, facts: nil))
        XCTAssertFalse(PhotoFilter.parse("lisboa").filter.matches(name: "LISBON.jpg", modified: 0, facts: nil))
        XCTAssertTrue(PhotoFilter.parse("[x]").filter.matches(name: "Z[X].jpg", modified: 0, facts: nil), "only A to Z are folded")
    }
}
