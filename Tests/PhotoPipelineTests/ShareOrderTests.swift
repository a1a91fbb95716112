// Why this exists: a share's rows sorted as a folder's are, from its listing's sizes and times and the dates read: each order puts the rows where a folder would, a photo without a date sorts by its time, one the listing did not give sorts by name at the end of a size order, and sorting again from the order shown moves the rows from where they are.
import Foundation
import GLibIO
@testable import GalleryContents
import PhotoFormats
import XCTest

final class ShareOrderTests: XCTestCase {
    /// name, size, modified (seconds).
    let files: [(String, Int64, Int64)] = [("a.jpg", 300, 30), ("b.jpg", 100, 10), ("c.jpg", 200, 20)]

    func facts(_ files: [(String, Int64, Int64)]) -> ShareFolderFacts {
        var listed = ShareListing.Listed()
        listed.photos = files.map { name, size, modified in
            var found = ShareListing.Found(name: name, fileName: name, key: DirectoryListing.sortKey(name), size: size, modified: modified * 1_000_000)
            found.uri = "sftp://h/p/\(name.replacingOccurrences(of: " ", with: "%20"))"
            return found
        }
        return ShareFolderFacts(folder: "sftp://h/p", listed: listed)
    }

    func rows(_ names: [String]) -> ManifestRowStore {
        let rows = ManifestRows()
        for name in names { rows.append(name: name, url: "sftp://h/p/\(name)") }
        rows.seal()
        var store = ManifestRowStore()
        store.append(rows)
        return store
    }

    func names(_ change: FolderChange?) -> [String]? {
        change.map { change in (0..<change.count).map { change.rows.rawName($0) } }
    }

    func testEachOrderAsAFolderSortsIt() {
        let facts = facts(files)
        var order = ShareOrder(shown: rows(["a.jpg", "b.jpg", "c.jpg"]), in: PhotoOrder(.name))
        XCTAssertNil(order.sort(PhotoOrder(.name), facts: facts, dates: [:]), "by name, as listed: nothing moves")
        XCTAssertEqual(names(order.sort(PhotoOrder(.size), facts: facts, dates: [:])), ["b.jpg", "c.jpg", "a.jpg"])
        var again = ShareOrder(shown: rows(["a.jpg", "b.jpg", "c.jpg"]), in: PhotoOrder(.name))
        let change = again.sort(PhotoOrder(.modified, descending: true), facts: facts, dates: [:])
        XCTAssertEqual(names(change), ["a.jpg", "c.jpg", "b.jpg"])
        XCTAssertEqual(change?.moves, [0, 2, 1], "each row to its new place")
    }

    func testByDateTakenAPhotoWithoutOneSortsByItsTime() throws {
        var order = ShareOrder(shown: rows(["a.jpg", "b.jpg", "c.jpg"]), in: PhotoOrder(.name))
        // a was taken at 25 s; c has no date (its time, 20 s); b's is not read yet (its time, 10 s).
        let change = try XCTUnwrap(order.sort(PhotoOrder(.dateTaken), facts: facts(files), dates: ["a.jpg": .exif(seconds: 25, hasOffset: false), "c.jpg": TakenDate.none]))
        XCTAssertEqual(names(change), ["b.jpg", "c.jpg", "a.jpg"])
        XCTAssertEqual(change.dates?.map(\.taken), [nil, TakenDate.none, .exif(seconds: 25, hasOffset: false)], "each row's date, in row order")
    }

    func testARowTheListingDidNotGiveSortsAsHavingNoSize() {
        var order = ShareOrder(shown: rows(["a.jpg", "b.jpg", "new.jpg"]), in: PhotoOrder(.name))
        XCTAssertEqual(names(order.sort(PhotoOrder(.size), facts: facts(files), dates: [:])), ["new.jpg", "b.jpg", "a.jpg"])
    }

    func testTwoRowsOfOneNameStayTwoRows() throws {
        var order = ShareOrder(shown: rows(["a.jpg", "c.jpg", "a.jpg"]), in: PhotoOrder(.name))
        let change = try XCTUnwrap(order.sort(PhotoOrder(.size), facts: facts(files), dates: [:]))
        XCTAssertEqual(names(change), ["c.jpg", "a.jpg", "a.jpg"])
        XCTAssertEqual(change.moves.map(Set.init), [0, 1, 2], "each row moved once")
    }

    func testTheFilesWhoseDatesAreReadAreTheListedOnesNotYetDated() {
        let dated = facts(files).datedFiles(["sftp://h/p/a.jpg", "sftp://h/p/b.jpg", "sftp://h/p/gone.jpg"], except: ["a.jpg": TakenDate.none])
        XCTAssertEqual(dated, [DatedFile(fileName: "b.jpg", path: "sftp://h/p/b.jpg", size: 100, modified: 10_000_000)])
        XCTAssertEqual(dated.first?.folder, "sftp://h/p", "keyed in the index by its folder's URI")
        // A name the URI escapes: still its folder's URI.
        let spaced = facts([("a b.jpg", 1, 1)]).datedFiles(["sftp://h/p/a%20b.jpg"])
        XCTAssertEqual(spaced.first?.folder, "sftp://h/p")
    }
}
