// Why this exists: what the watcher does with the names inotify reports in a gallery with its subfolders, without a display or a watch: a subfolder renamed, deleted, or arriving with a folder inside it, and a photo whose name a folder now has, each becomes one change with the right rows, and the right folders are watched and let go.
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class SubfolderRefreshTests: XCTestCase {
    func testFoldersRenamedDeletedArrivingAndReplacingAPhoto() throws {
        let root = TemporaryFiles.url("subfolder-refresh-\(UUID().uuidString)")
        let manager = FileManager.default
        defer { try? manager.removeItem(at: root) }
        for folder in ["a/b", "Day 1"] { try manager.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true) }
        let png = SamplePhotos.data("coffee.png")
        for path in ["top.png", "photo.png", "a/one.png", "a/b/two.png", "Day 1/five.png"] { try png.write(to: root.appendingPathComponent(path)) }
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        XCTAssertEqual(contents.count, 5)

        // Renamed a → z; Day 1 deleted; New/Inner arrives with photos; photo.png becomes a folder.
        try manager.moveItem(at: root.appendingPathComponent("a"), to: root.appendingPathComponent("z"))
        try manager.removeItem(at: root.appendingPathComponent("Day 1"))
        try manager.createDirectory(at: root.appendingPathComponent("New/Inner"), withIntermediateDirectories: true)
        try png.write(to: root.appendingPathComponent("New/six.png"))
        try png.write(to: root.appendingPathComponent("New/Inner/seven.png"))
        try manager.removeItem(at: root.appendingPathComponent("photo.png"))
        try manager.createDirectory(at: root.appendingPathComponent("photo.png"), withIntermediateDirectories: true)

        var watched: [String] = [], unwatched: [String] = []
        // As inotify names them (a folder's own entries may come too, "New/six.png").
        let change = try XCTUnwrap(contents.refresh(["a", "z", "Day 1", "New", "New/six.png", "photo.png"],
                                                    watch: { watched.append($0.path) }, unwatch: { unwatched.append($0) }))
        let names = (0..<change.rows.count).map { change.rows.rawName($0) }
        XCTAssertEqual(Set(names), ["top.png", "z/one.png", "z/b/two.png", "New/six.png", "New/Inner/seven.png"], "\(names)")
        XCTAssertEqual(names.count, 5, "each photo once: \(names)")
        XCTAssertEqual(Set(change.removed).count, change.removed.count, "a row removed once")
        XCTAssertEqual(change.removed.count, 4, "a/one, a/b/two, Day 1/five and photo.png")
        XCTAssertEqual(Set(watched), ["z/", "z/b/", "New/", "New/Inner/", "photo.png/"], "each arrival watched before it is read")
        XCTAssertEqual(Set(unwatched), ["a/", "Day 1/"])
        XCTAssertEqual(Set(contents.subfolders.keys), ["z/", "z/b/", "New/", "New/Inner/", "photo.png/"])
        XCTAssertEqual(contents.count, 5)
    }
}
