// Why this exists: a folder's orders on photos whose names, dates taken, times and sizes disagree (stable, with photos lacking a date where they belong), a new order and dates read as moves every part of the app follows, and a manifest sorted by name and back.
import PhotoFormats
import Foundation
import GLibIO
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import XCTest
@testable import GalleryContents

final class PhotoOrderTests: XCTestCase {
    /// name, size, modified (seconds), taken (nil: not read; .none: read, none).
    static func photo(_ name: String, size: Int64, modified: Int64, taken: TakenDate? = nil) -> FolderPhoto {
        var photo = FolderPhoto(key: GLibIOKey.key(name), fileName: name, name: name, uri: "file:///f/" + name, size: size,
                                modified: modified * 1_000_000)
        photo.taken = taken
        return photo
    }

    // (Lower case: the tests run in the C locale, whose collation puts capitals first.)
    static let photos = [
        photo("img_10.jpg", size: 300, modified: 400, taken: .exif(seconds: 100, hasOffset: true)),
        photo("img_9.jpg", size: 100, modified: 300, taken: .exif(seconds: 500, hasOffset: false)),
        photo("b.jpg", size: 200, modified: 200, taken: TakenDate.none),
        photo("a.jpg", size: 200, modified: 100, taken: .exif(seconds: 500, hasOffset: true)),
        photo("z.jpg", size: 50, modified: 0, taken: TakenDate.none),
    ]

    func names(_ order: PhotoOrder) -> [String] {
        FolderContents(folder: "/f", photos: Self.photos, order: order).photos.map(\.fileName)
    }

    func testEachOrderSortsByItsOwnKeyAndTiesByName() {
        // Numbers in names compare as numbers (the file manager's order).
        XCTAssertEqual(names(PhotoOrder(.name)), ["a.jpg", "b.jpg", "img_9.jpg", "img_10.jpg", "z.jpg"])
        XCTAssertEqual(names(PhotoOrder(.name, descending: true)), ["z.jpg", "img_10.jpg", "img_9.jpg", "b.jpg", "a.jpg"])
        // Same size: by name, either way.
        XCTAssertEqual(names(PhotoOrder(.size)), ["z.jpg", "img_9.jpg", "a.jpg", "b.jpg", "img_10.jpg"])
        XCTAssertEqual(names(PhotoOrder(.size, descending: true)), ["img_10.jpg", "a.jpg", "b.jpg", "img_9.jpg", "z.jpg"])
        XCTAssertEqual(names(PhotoOrder(.modified)), ["z.jpg", "a.jpg", "b.jpg", "img_9.jpg", "img_10.jpg"])
        // Date taken, else the modification time (b: 200); a photo with neither (z) is last both ways;
        // a and img_9 taken the same second: by name.
        XCTAssertEqual(names(PhotoOrder(.dateTaken)), ["img_10.jpg", "b.jpg", "a.jpg", "img_9.jpg", "z.jpg"])
        XCTAssertEqual(names(PhotoOrder(.dateTaken, descending: true)), ["a.jpg", "img_9.jpg", "b.jpg", "img_10.jpg", "z.jpg"])
    }

    /// The fast sort (flat keys and indices) and `precedes` (which a listed photo is found by,
    /// and merges place arrivals by) must agree, or a photo would be looked for in the wrong place.
    /// Past 20,000 photos, the sort runs on two cores (each half, then a merge): it too agrees.
    func testTheFastSortAgreesWithPrecedesInEveryOrder() {
        var generator = SystemRandomNumberGenerator()
        let takens: [TakenDate?] = [nil, TakenDate.none, .exif(seconds: 100, hasOffset: true), .exif(seconds: 200, hasOffset: false)]
        for count in [300, 24_000] {
            // Names that share prefixes, numbers and lengths; sizes, times and dates that tie often.
            let photos = (0..<count).map { index in
                Self.photo(["img_\(index % 37)", "IMG_\(index)", "a\(index % 5)", "a"][index % 4] + "-\(index).jpg",
                           size: Int64.random(in: 0...3, using: &generator), modified: Int64.random(in: 0...3, using: &generator),
                           taken: takens.randomElement(using: &generator)!)
            }
            for key in PhotoOrder.Key.allCases {
                for descending in [false, true] {
                    let order = PhotoOrder(key, descending: descending)
                    XCTAssertEqual(photos.sorted(by: order).map(\.fileName), photos.sorted(by: order.precedes).map(\.fileName), "\(order), \(count)")
                }
            }
        }
    }

    /// Past 20,000 photos, the rows are written in batches on two cores: each row is still its photo's.
    func testManyPhotosBecomeTheirOwnRowsInOrder() {
        let photos = (0..<45_000).map { Self.photo("p\($0).jpg", size: 0, modified: 0) }
        let contents = FolderContents(folder: "/f", photos: photos)
        let rows = contents.rowStore()
        XCTAssertEqual(rows.count, photos.count)
        XCTAssertEqual((0..<rows.count).map(rows.rawName), contents.photos.map(\.name))
        XCTAssertEqual((0..<rows.count).map(rows.rawURL), contents.photos.map(\.uri))
    }

    func testOrderNamesRoundTripAndApplyToTheirKindOfGallery() {
        for key in PhotoOrder.Key.allCases {
            for descending in [false, true] where !(key == .own && descending) {
                let order = PhotoOrder(key, descending: descending)
                XCTAssertEqual(PhotoOrder(name: order.description), order)
            }
        }
        XCTAssertNil(PhotoOrder(name: "own-desc"))
        XCTAssertNil(PhotoOrder(name: "colour"))
        XCTAssertFalse(PhotoOrder(.size).applies(isFolder: false))
        XCTAssertTrue(PhotoOrder(.name).applies(isFolder: false))
        XCTAssertFalse(PhotoOrder(.own).applies(isFolder: true))
    }

    func testANewOrderMovesEveryRowWhereItBelongs() throws {
        let contents = FolderContents(folder: "/f", photos: Self.photos, order: PhotoOrder(.name))
        let before = contents.photos.map(\.fileName)
        let change = try XCTUnwrap(contents.reorder(PhotoOrder(.size)))
        let after = contents.photos.map(\.fileName)
        XCTAssertEqual(change.count, before.count)
        for (old, name) in before.enumerated() { XCTAssertEqual(after[try XCTUnwrap(change.position(of: old))], name) }
        XCTAssertEqual(change.neighbour(of: 0).map { after[$0] }, before[0])
        // The same order again moves nothing.
        XCTAssertNil(contents.reorder(PhotoOrder(.size)))
    }

    func testDatesReadMoveThePhotosInAnOrderByDate() throws {
        let unread = Self.photos.map { photo -> FolderPhoto in
            var photo = photo
            photo.taken = nil
            return photo
        }
        let contents = FolderContents(folder: "/f", photos: unread, order: PhotoOrder(.dateTaken))
        // Before their dates are read, by their modification time.
        XCTAssertEqual(contents.photos.map(\.fileName), ["a.jpg", "b.jpg", "img_9.jpg", "img_10.jpg", "z.jpg"])
        XCTAssertEqual(contents.unreadDates().count, 5)
        let before = contents.photos.map(\.fileName)
        XCTAssertTrue(contents.learn(["img_10.jpg": .exif(seconds: 1, hasOffset: true)]))
        XCTAssertFalse(contents.learn(["elsewhere.jpg": TakenDate.none]))
        // Nothing moves until the dates read settle, all at once.
        XCTAssertEqual(contents.photos.map(\.fileName), before)
        let change = contents.settle()
        XCTAssertEqual(contents.photos.first?.fileName, "img_10.jpg")
        for (old, name) in before.enumerated() { XCTAssertEqual(contents.photos[try XCTUnwrap(change.position(of: old))].fileName, name) }
        XCTAssertEqual(change.dates?.first?.taken, .exif(seconds: 1, hasOffset: true))
        XCTAssertEqual(contents.unreadDates().count, 4)
        // By name, dates read change no place: a change that only carries them.
        let byName = FolderContents(folder: "/f", photos: unread, order: PhotoOrder(.name))
        byName.learn(["z.jpg": TakenDate.none])
        let dated = byName.settle()
        XCTAssertNil(dated.moves)
        XCTAssertEqual(dated.dates?.last?.taken, TakenDate.none)
    }

    func testAManifestSortsByNameAndGoesBackToItsOwnOrder() throws {
        var rows = ManifestRowStore()
        let batch = ManifestRows()
        for name in ["zebra", "apple 10", "apple 9", "mango"] { batch.append(name: name, url: "https://example.com/" + name) }
        batch.seal()
        rows.append(batch)
        var order = ManifestOrder(own: rows)
        let sorted = try XCTUnwrap(order.sort(PhotoOrder(.name)))
        XCTAssertEqual((0..<4).map { sorted.rows.rawName($0) }, ["apple 9", "apple 10", "mango", "zebra"])
        XCTAssertEqual(sorted.position(of: 0), 3)
        let back = try XCTUnwrap(order.sort(PhotoOrder(.own)))
        XCTAssertEqual((0..<4).map { back.rows.rawName($0) }, ["zebra", "apple 10", "apple 9", "mango"])
        XCTAssertEqual(back.position(of: 3), 0)
        XCTAssertNil(order.sort(PhotoOrder(.own)))
    }

    /// The one-pass check a listing's sort begins with (by name, it compares the keys in place)
    /// agrees with `precedes` on every arrangement, with keys that are prefixes of others and
    /// two files whose keys tie.
    func testTheSortedCheckAgreesWithPrecedes() {
        var photos = ["a", "ab", "b", "b1", "b2", "b10", "c"].map { Self.photo($0 + ".jpg", size: 1, modified: 1) }
        // The same key, two names on disk (only `precedes`' last tie-break tells them apart).
        photos.append(FolderPhoto(key: GLibIOKey.key("c.jpg"), fileName: "c2.jpg", name: "c.jpg", uri: "file:///f/c2.jpg", size: 1, modified: 1))
        photos.append(FolderPhoto(key: Array(GLibIOKey.key("c.jpg").prefix(2)), fileName: "short", name: "short", uri: "file:///f/short", size: 1, modified: 1))
        var generator = SystemRandomNumberGenerator()
        for order in [PhotoOrder(.name), PhotoOrder(.name, descending: true), PhotoOrder(.size)] {
            let sorted = photos.sorted(by: order)
            XCTAssertTrue(sorted.isSorted(by: order), "\(order)")
            for _ in 0..<300 {
                var shuffled = sorted
                let i = Int.random(in: 0..<shuffled.count, using: &generator), j = Int.random(in: 0..<shuffled.count, using: &generator)
                shuffled.swapAt(i, j)
                let expected = zip(shuffled, shuffled.dropFirst()).allSatisfy { !order.precedes($1, $0) }
                XCTAssertEqual(shuffled.isSorted(by: order), expected, "\(order): \(shuffled.map(\.fileName))")
                XCTAssertEqual(shuffled.sorted(by: order).map(\.fileName), sorted.map(\.fileName), "\(order)")
            }
        }
    }
}

/// The file manager's sort key, as the listing makes it.
enum GLibIOKey {
    static func key(_ name: String) -> [UInt8] { DirectoryListing.sortKey(name) }

}
