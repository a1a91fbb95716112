// Why this exists: Move Rejects to Trash finds its rows on the folder watcher's queue, by path: each path of a photo shown gives its row as the list has it, a subfolder's too; a photo the filter leaves out, or a path outside the folder, gives none.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class FolderRowsByPathTests: XCTestCase {
    func testEachPathShownGivesItsRow() throws {
        let root = TemporaryFiles.url("rows-by-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Day 2"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["a.jpg", "b.jpg", "c.jpg", "Day 2/d.jpg"] { try OrientedPhotos.jpeg(orientation: 1).write(to: root.appendingPathComponent(name)) }
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        let folder = root.path + "/"
        let store = contents.rowStore()
        let row = { (name: String) in (0..<store.count).first { store.rawName($0) == name } }
        XCTAssertEqual(contents.rows(ofPaths: [folder + "b.jpg", folder + "Day 2/d.jpg", "/elsewhere/b.jpg"]),
                       [folder + "b.jpg": try XCTUnwrap(row("b.jpg")), folder + "Day 2/d.jpg": try XCTUnwrap(row("Day 2/d.jpg"))])
        // Through a filter that shows c.jpg alone: the rows are those shown.
        XCTAssertNotNil(contents.refilter(PhotoFilter.parse("c.jpg").filter))
        XCTAssertEqual(contents.rows(ofPaths: [folder + "b.jpg", folder + "c.jpg"]), [folder + "c.jpg": 0], "b.jpg is not shown")
    }
}
