// Why this exists: a share's folder through the filter bar: the rows it leaves out go and are kept aside, those it lets back come into their sorted places, a photo whose facts are not read is left out of a filter that asks for them until they are, a date order keeps its rows' dates, and a listing again keeps the rows aside out.
import Foundation
import GLibIO
@testable import GalleryContents
import MetadataValues
import PhotoFormats
import XCTest

final class ShareFilterTests: XCTestCase {
    /// name, size, modified (seconds).
    let files: [(String, Int64, Int64)] = [("beach 1.jpg", 300, 30), ("beach 2.jpg", 100, 10), ("city.jpg", 200, 20), ("dune.jpg", 400, 40)]

    func listing(_ files: [(String, Int64, Int64)]) -> ShareFolderFacts {
        var listed = ShareListing.Listed()
        listed.photos = files.map { name, size, modified in
            var found = ShareListing.Found(name: name, fileName: name, key: DirectoryListing.sortKey(name), size: size, modified: modified * 1_000_000)
            found.uri = uri(name)
            return found
        }
        return ShareFolderFacts(folder: "sftp://h/p", listed: listed)
    }

    func uri(_ name: String) -> String { "sftp://h/p/\(name.replacingOccurrences(of: " ", with: "%20"))" }

    func rows(_ names: [String]) -> ManifestRowStore {
        let rows = ManifestRows()
        for name in names { rows.append(name: name, url: uri(name)) }
        rows.seal()
        var store = ManifestRowStore()
        store.append(rows)
        return store
    }

    func names(_ rows: ManifestRowStore) -> [String] { (0..<rows.count).map { rows.rawName($0) } }

    func words(_ text: String) -> PhotoFilter {
        var filter = PhotoFilter()
        filter.words = [text]
        return filter
    }

    func rated(_ rating: Int) -> PhotoFacts {
        var facts = PhotoFacts()
        facts.marks = PhotoMarks(rating: rating)
        return facts
    }

    func testAWordLeavesRowsOutAndClearingItSortsThemBackIntoTheirPlaces() throws {
        let listing = listing(files), byName = PhotoOrder(.name)
        var filter = ShareFilter()
        let shown = rows(["beach 1.jpg", "beach 2.jpg", "city.jpg", "dune.jpg"])
        let narrowed = try XCTUnwrap(filter.refilter(words("beach"), shown: shown, order: byName, files: listing, facts: [:], dates: [:]))
        XCTAssertEqual(names(narrowed.rows), ["beach 1.jpg", "beach 2.jpg"])
        XCTAssertEqual(narrowed.removed, [2, 3], "the rows left out go, by their places before")
        XCTAssertEqual(narrowed.inserted, [], "the rows that stay keep their work")
        XCTAssertEqual(filter.totalCount(shown: narrowed.count), 4)
        XCTAssertEqual(filter.hiddenURIs, [uri("city.jpg"), uri("dune.jpg")])

        let cleared = try XCTUnwrap(filter.refilter(PhotoFilter(), shown: narrowed.rows, order: byName, files: listing, facts: [:], dates: [:]))
        XCTAssertEqual(names(cleared.rows), ["beach 1.jpg", "beach 2.jpg", "city.jpg", "dune.jpg"], "back in their sorted places")
        XCTAssertEqual(cleared.removed, [])
        XCTAssertEqual(cleared.inserted, [2, 3])
        XCTAssertTrue(filter.hidden.isEmpty)
        XCTAssertNil(filter.refilter(PhotoFilter(), shown: cleared.rows, order: byName, files: listing, facts: [:], dates: [:]), "nothing changes")
    }

    func testRowsComingBackAreSortedInTheOrderShown() throws {
        let listing = listing(files), bySize = PhotoOrder(.size)
        var filter = ShareFilter()
        let shown = rows(["beach 2.jpg", "city.jpg", "beach 1.jpg", "dune.jpg"])
        let narrowed = try XCTUnwrap(filter.refilter(words("beach"), shown: shown, order: bySize, files: listing, facts: [:], dates: [:]))
        XCTAssertEqual(names(narrowed.rows), ["beach 2.jpg", "beach 1.jpg"])
        let wider = try XCTUnwrap(filter.refilter(words("."), shown: narrowed.rows, order: bySize, files: listing, facts: [:], dates: [:]))
        XCTAssertEqual(names(wider.rows), ["beach 2.jpg", "city.jpg", "beach 1.jpg", "dune.jpg"], "by size, as before the filter")
        XCTAssertEqual(wider.inserted, [1, 3])
    }

    func testAPhotoWhoseFactsAreNotReadIsLeftOutUntilTheyAre() throws {
        let listing = listing(files), byName = PhotoOrder(.name)
        var atLeastThree = PhotoFilter()
        atLeastThree.minimumRating = 3
        var filter = ShareFilter()
        let shown = rows(["beach 1.jpg", "beach 2.jpg", "city.jpg", "dune.jpg"])
        let first = try XCTUnwrap(filter.refilter(atLeastThree, shown: shown, order: byName, files: listing,
                                                  facts: ["beach 1.jpg": rated(4), "beach 2.jpg": rated(1)], dates: [:]))
        XCTAssertEqual(names(first.rows), ["beach 1.jpg"], "city and dune are not read yet")
        let read = try XCTUnwrap(filter.refilter(atLeastThree, shown: first.rows, order: byName, files: listing,
                                                 facts: ["beach 1.jpg": rated(4), "beach 2.jpg": rated(1), "city.jpg": rated(0), "dune.jpg": rated(5)], dates: [:]))
        XCTAssertEqual(names(read.rows), ["beach 1.jpg", "dune.jpg"], "dune arrives once its facts are read")
    }

    func testADateOrderKeepsEachRowsDate() throws {
        let listing = listing(files), byDate = PhotoOrder(.dateTaken)
        var filter = ShareFilter()
        let dates: [String: TakenDate] = ["beach 1.jpg": .exif(seconds: 5, hasOffset: false), "beach 2.jpg": TakenDate.none]
        let shown = rows(["beach 1.jpg", "beach 2.jpg", "city.jpg", "dune.jpg"])
        let change = try XCTUnwrap(filter.refilter(words("beach"), shown: shown, order: byDate, files: listing, facts: [:], dates: dates))
        XCTAssertEqual(names(change.rows), ["beach 1.jpg", "beach 2.jpg"])
        XCTAssertEqual(change.dates, [RowDate(taken: .exif(seconds: 5, hasOffset: false), modified: 30_000_000), RowDate(taken: TakenDate.none, modified: 10_000_000)],
                       "a list by date shows each row's date")
    }

    func testAListingAgainLetsGoTheRowsAsideThatWentAndKeepsTheRestOut() throws {
        var filter = ShareFilter()
        let shown = rows(["beach 1.jpg", "beach 2.jpg", "city.jpg", "dune.jpg"])
        _ = try XCTUnwrap(filter.refilter(words("beach"), shown: shown, order: PhotoOrder(.name), files: listing(files), facts: [:], dates: [:]))
        // dune.jpg went from the share.
        let again = listing(files.filter { $0.0 != "dune.jpg" })
        filter.relisted(again)
        XCTAssertEqual(filter.hiddenURIs, [uri("city.jpg")])
        let back = try XCTUnwrap(filter.refilter(PhotoFilter(), shown: rows(["beach 1.jpg", "beach 2.jpg"]), order: PhotoOrder(.name), files: again, facts: [:], dates: [:]))
        XCTAssertEqual(names(back.rows), ["beach 1.jpg", "beach 2.jpg", "city.jpg"], "a photo that went does not come back")
    }
}
