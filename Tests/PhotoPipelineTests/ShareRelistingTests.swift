// Why this exists: a share's folder listed again is merged against the rows shown as the photos that went and those that arrived, every other row keeping its photo; nothing changed is no change, rows whose order changed all go and come back, and in an order the user chose the rows that stay keep it.
import Foundation
@testable import GalleryContents
import XCTest

final class ShareRelistingTests: XCTestCase {
    func listed(_ names: [String]) -> [(name: String, uri: String)] { names.map { ($0, "sftp://h/p/\($0)") } }
    func uris(_ names: [String]) -> [String] { names.map { "sftp://h/p/\($0)" } }

    func testTheSameListingIsNoChange() {
        XCTAssertNil(ShareRelisting.merge(shown: uris(["a", "b"]), listed: listed(["a", "b"])))
    }

    func testWhatWentAndWhatArrivedAreMergedAndTheRestStays() throws {
        let change = try XCTUnwrap(ShareRelisting.merge(shown: uris(["a", "b", "c"]), listed: listed(["a", "c", "d", "e"])))
        XCTAssertEqual(change.removed, [1])
        XCTAssertEqual(change.inserted, [2, 3])
        XCTAssertEqual([0, 1, 2].map { change.position(of: $0) }, [0, nil, 1], "a and c keep their photos")
        XCTAssertEqual((0..<change.count).map { change.rows.rawURL($0) }, uris(["a", "c", "d", "e"]))
        XCTAssertEqual(change.rows.rawName(2), "d")
    }

    func testAPhotoWhoseFileChangedIsReadAgainWithItsNewStamp() throws {
        let stamp = FileStamp(size: 9, modified: 2_000_000)
        XCTAssertNil(ShareRelisting.merge(shown: uris(["a", "b"]), listed: listed(["a", "b"]), changed: [:]))
        let change = try XCTUnwrap(ShareRelisting.merge(shown: uris(["a", "b"]), listed: listed(["a", "b"]), changed: [uris(["b"])[0]: stamp]))
        XCTAssertEqual(change.removed, [])
        XCTAssertEqual(change.inserted, [])
        XCTAssertEqual(change.changed, [1])
        XCTAssertEqual(change.stamps, [1: stamp], "its new size and time (an own turn is known by them)")
    }

    func testRowsInAnotherOrderAllGoAndComeBack() throws {
        let change = try XCTUnwrap(ShareRelisting.merge(shown: uris(["b", "a"]), listed: listed(["a", "b", "c"])))
        XCTAssertEqual(change.removed, [0, 1])
        XCTAssertEqual(change.inserted, [0, 1, 2])
    }

    func testInAnOrderTheUserChoseTheRowsThatStayKeepItAndArrivalsComeLast() throws {
        let change = try XCTUnwrap(ShareRelisting.mergeKeepingOrder(shown: uris(["c", "b", "a"]), listed: listed(["a", "b", "d"])))
        XCTAssertEqual(change.removed, [0])
        XCTAssertEqual(change.inserted, [2])
        XCTAssertEqual((0..<change.count).map { change.rows.rawURL($0) }, uris(["b", "a", "d"]))
        XCTAssertEqual([0, 1, 2].map { change.position(of: $0) }, [nil, 0, 1], "b and a keep their photos")
    }
}
