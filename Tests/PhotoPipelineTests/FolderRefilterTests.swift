// Why this exists: the filter moves the photos it hides aside by swapping them within the folder's array rather than copying them (`FolderContents.take`): whichever part is the fewer, the photos shown and those hidden keep their sorted order (a clear sorts them back quickly), the change says where the hidden ones were, and every photo comes back in its place when the filter is cleared.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class FolderRefilterTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = TemporaryFiles.url("refilter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    /// The names of the rows shown, in their order.
    func shown(_ contents: FolderContents) -> [String] {
        let store = contents.rowStore()
        return (0..<store.count).map { store.rawName($0) }
    }

    func testTheFilterKeepsTheShownInOrderAndSaysWhereTheHiddenWereEitherWay() throws {
        let jpeg = OrientedPhotos.jpeg(orientation: 1)
        let names = (0..<23).map { "ax\($0).jpg" } + (0..<4).map { "ay\($0).jpg" } + (0..<13).map { "b\($0).jpg" }
        for name in names { try jpeg.write(to: root.appendingPathComponent(name)) }
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in })
        let all = shown(contents)
        XCTAssertEqual(all.count, 40)
        func expect(_ text: String, shows wanted: (String) -> Bool, removed: Int, inserted: Int, _ line: UInt = #line) throws {
            let before = shown(contents)
            let change = try XCTUnwrap(contents.refilter(PhotoFilter.parse(text).filter), line: line)
            XCTAssertEqual(shown(contents), all.filter(wanted), "“\(text)”: the photos shown, in their order", line: line)
            XCTAssertEqual(change.removed, before.indices.filter { !wanted(before[$0]) }, "“\(text)”: where the hidden ones were", line: line)
            XCTAssertEqual([change.removed.count, change.inserted.count], [removed, inserted], "“\(text)”", line: line)
            XCTAssertEqual(shown(contents).indices.filter { !before.contains(shown(contents)[$0]) }, change.inserted, "“\(text)”: where those back are", line: line)
            XCTAssertEqual(contents.totalCount, 40, line: line)
        }
        // 13 of 40 go, the shown the more part: moved, the hidden copied.
        try expect("a", shows: { $0.hasPrefix("a") }, removed: 13, inserted: 0)
        // 4 of 27 go: copied the usual way.
        try expect("ax", shows: { $0.hasPrefix("ax") }, removed: 4, inserted: 0)
        // 12 of 23 go, the shown the fewer part (ax1, ax10 to ax19): moved, the shown copied.
        try expect("ax1", shows: { $0.hasPrefix("ax1") }, removed: 12, inserted: 0)
        // Some go, some come back.
        try expect("1", shows: { $0.contains("1") }, removed: 0, inserted: all.filter { $0.contains("1") && !$0.hasPrefix("ax1") }.count)
        try expect("ay", shows: { $0.hasPrefix("ay") }, removed: all.filter { $0.contains("1") && !$0.hasPrefix("ay") }.count, inserted: 3)
        // Cleared: every photo back in its place.
        _ = try XCTUnwrap(contents.refilter(PhotoFilter()))
        XCTAssertEqual(shown(contents), all)
    }

    func testTakeKeepsTheRestInOrderWhicheverPartIsTheFewer() throws {
        let jpeg = OrientedPhotos.jpeg(orientation: 1)
        for index in 0..<10 { try jpeg.write(to: root.appendingPathComponent("p\(index).jpg")) }
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in })
        let photos = contents.photos
        for taken in [[1, 4], [0, 2, 3, 5, 6, 7, 9], [], Array(0..<10)] {
            var rest = photos
            let out = FolderContents.take(taken, from: &rest)
            XCTAssertEqual(rest.map(\.fileName), photos.indices.filter { !taken.contains($0) }.map { photos[$0].fileName }, "taking \(taken)")
            XCTAssertEqual(out.map(\.fileName), taken.map { photos[$0].fileName }, "taking \(taken): in their order")
        }
    }
}
