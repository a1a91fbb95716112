// Why this exists: a folder read as a gallery without a display: which entries become rows, in which order, with which URLs; and the desktop file offers only image types GdkPixbuf reads here.
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace
import XCTest
import GLibIO
@testable import GalleryContents

final class FolderListingTests: XCTestCase {
    func testPhotosSortedAsTheFileManagerSortsWithTheRestLeftOut() throws {
        let folder = TemporaryFiles.url("listing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        for name in ["img 10.png", "img 9.png", "img 100.png", ".secret.png", "backup.png~", "sub/deep.png", "my photo #1.png"] {
            try png.write(to: folder.appendingPathComponent(name))
        }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("gallery.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("dangling.png").path, withDestinationPath: "/nonexistent/x.png")

        let found = Locked(ManifestRowStore())
        let count = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace()) { batch in found.withLock { $0.append(batch) } }.count
        let rows = found.withLock { $0 }
        XCTAssertEqual(count, 4)
        XCTAssertEqual((0..<rows.count).map(rows.rawName), ["img 9.png", "img 10.png", "img 100.png", "my photo #1.png"],
                       "numbers as numbers; hidden, backup, subfolder, other files and a dangling link left out")
        let url = try XCTUnwrap(URL(string: rows.rawURL(3)))
        XCTAssertEqual(url.path, folder.appendingPathComponent("my photo #1.png").path, "the URL is the file's, escaped")
    }

    /// A folder too big to list before the window's first frame shows the photos found first,
    /// sorted, and merges the rest into their sorted places as the listing goes on: each change
    /// moves every row shown before to where the same photo is after it, and the end is the
    /// whole folder in the file manager's order.
    func testABigFolderShowsItsFirstPhotosThenMergesTheRestInOrder() throws {
        let folder = TemporaryFiles.url("growing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        // Directory order is not name order: the first ones found are scattered through the sort.
        let names = (0..<3_500).map { "img \($0).png" }
        for name in names { XCTAssertEqual(symlink(target, folder.appendingPathComponent(name).path), 0) }

        // What the listing's thread hands over, kept as the gallery would (the test waits meanwhile).
        struct Seen: Sendable { var shown = ManifestRowStore(); var changes: [FolderChange] = []; var shownWhenFirstChanged = 0 }
        let seen = Locked(Seen())
        let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { batch in seen.withLock { $0.shown.append(batch) } }, grew: { change in
            seen.withLock { seen in
                if seen.changes.isEmpty { seen.shownWhenFirstChanged = seen.shown.count }
                // Every row shown before is the same photo at its new position.
                for old in stride(from: 0, to: seen.shown.count, by: 97) {
                    guard let now = change.position(of: old) else { return XCTFail("row \(old) went, but nothing was removed") }
                    XCTAssertEqual(change.rows.rawURL(now), seen.shown.rawURL(old))
                }
                XCTAssertEqual(change.inserted.count, change.count - seen.shown.count)
                seen.shown = change.rows
                seen.changes.append(change)
            }
        }, firstRowsAfter: 0, growEvery: 0)
        let (shown, changes, shownWhenFirstChanged) = seen.withLock { ($0.shown, $0.changes, $0.shownWhenFirstChanged) }

        XCTAssertGreaterThan(shownWhenFirstChanged, 0, "rows were shown before the listing ended")
        XCTAssertLessThan(shownWhenFirstChanged, names.count)
        XCTAssertGreaterThanOrEqual(changes.count, 2, "the rest arrived in batches")
        XCTAssertEqual(contents.count, names.count)
        let expected = names.sorted { DirectoryListing.sortKey($0).lexicographicallyPrecedes(DirectoryListing.sortKey($1)) }
        XCTAssertEqual((0..<shown.count).map(shown.rawName), expected, "the end is the whole folder, sorted")
    }

    func testAMissingFolderSaysSo() {
        XCTAssertThrowsError(try FolderListing.rows(ofFolder: "/nonexistent-\(UUID().uuidString)", cancellable: Cancellable(), trace: Trace()) { _ in }) { error in
            XCTAssertTrue("\(error)".hasPrefix("could not list the folder: "), "\(error)")
        }
    }

    /// Open With offers the app for these types: each must be one GdkPixbuf reads here, and none
    /// other (the app would become the opener of every JSON file or folder elsewhere).
    func testTheDesktopFileOffersOnlyTypesTheLoadersRead() throws {
        let desktop = try String(contentsOf: SamplePhotos.repositoryRoot.appendingPathComponent("data/io.github.classicphotos.ClassicPhotos.desktop.in.in"), encoding: .utf8)
        let line = try XCTUnwrap(desktop.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let types = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        let images = types.filter { $0.hasPrefix("image/") }
        XCTAssertEqual(images, types, "images only")
        XCTAssertGreaterThan(images.count, 5)
        for type in images { XCTAssertTrue(FolderListing.isImage(contentType: type), "\(type) is offered but no loader reads it") }
        XCTAssertTrue(images.contains("image/svg+xml-compressed"), "compressed drawings too")
        // And the formats photos come in, which the install script's loaders read, are offered.
        for type in ["image/jpeg", "image/png", "image/webp", "image/avif", "image/heif", "image/heic", "image/tiff", "image/gif", "image/svg+xml", "image/bmp"] {
            XCTAssertTrue(FolderListing.isImage(contentType: type), "no loader reads \(type): is the install script's loader package installed?")
            XCTAssertTrue(images.contains(type), "\(type) is read but not offered in Open With")
        }
    }

    /// A photo copied in after the listing and before the watcher's monitor started (the gap a
    /// big folder's listing leaves) still arrives: the watcher looks once more as it starts.
    @MainActor
    func testAChangeBetweenTheListingAndTheMonitorIsNotMissed() throws {
        let folder = TemporaryFiles.url("gap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        for name in ["a.png", "c.png"] { try png.write(to: folder.appendingPathComponent(name)) }
        let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace()) { _ in }
        // In the gap: one arrives, one goes.
        try png.write(to: folder.appendingPathComponent("b.png"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("c.png"))
        let watcher = try FolderWatcher(contents: contents, trace: Trace())
        defer { watcher.stop() }
        var changes: [FolderChange] = []
        watcher.onChange = { changes.append($0) }
        XCTAssertTrue(MainLoop.iterate(until: { !changes.isEmpty }, timeout: 10), "the watcher reported the gap's changes")
        let change = try XCTUnwrap(changes.first)
        XCTAssertEqual(change.inserted, [1], "b.png, between a and where c was")
        XCTAssertEqual(change.removed, [1], "c.png")
        XCTAssertEqual(change.count, 2)
    }

    /// Listed by name, a folder's files are not stat'ed (their size and time are read later):
    /// sorting by size or by time afterwards reads them first, whatever else has not yet.
    func testAFolderListedByNameSortsBySizeAndTimeOnceAsked() throws {
        let folder = TemporaryFiles.url("lazy-times-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        // Names, sizes and times disagree: a is the largest and the newest, c the smallest and oldest.
        for (index, name) in ["c.png", "b.png", "a.png"].enumerated() {
            let url = folder.appendingPathComponent(name)
            try (png + Data(count: index * 1000)).write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_600_000_000 + Double(index) * 3600)], ofItemAtPath: url.path)
        }
        let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in })
        XCTAssertEqual(contents.photos.map(\.fileName), ["a.png", "b.png", "c.png"])
        XCTAssertEqual(contents.photos.map(\.modified), [0, 0, 0], "listed by name, no file was stat'ed")
        let bySize = try XCTUnwrap(contents.reorder(PhotoOrder(.size)))
        XCTAssertEqual(contents.photos.map(\.fileName), ["c.png", "b.png", "a.png"])
        XCTAssertEqual(bySize.position(of: 0), 2)
        _ = contents.reorder(PhotoOrder(.modified, descending: true))
        XCTAssertEqual(contents.photos.map(\.fileName), ["a.png", "b.png", "c.png"])
        XCTAssertEqual(contents.photos.first?.modified, (1_600_000_000 + 7200) * 1_000_000)
    }

    /// With its subfolders, a folder sorts as a tree: each subfolder's photos together, folders
    /// and names each in the file manager's order ("Day 1" before "Day 1 extra.png", though a
    /// space sorts before a slash), and every URL the file's own, however its name is escaped.
    func testSubfoldersSortAsATreeAndEachURLIsTheFiles() throws {
        let folder = TemporaryFiles.url("tree-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        let names = ["Day 10/a.png", "Day 1 extra.png", "Day 2/b.png", "Day 1/z.png", "Day 1/img 9.png", "Day 1/img 10.png",
                     "Ünï cödé/ä b#c%d?e&f+g.png", "Day 2/[x] (1) {y} @z!$'~,;=.png"]
        for name in names {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: url)
        }
        let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        let photos = contents.photos
        XCTAssertEqual(photos.map(\.name), ["Day 1/img 9.png", "Day 1/img 10.png", "Day 1/z.png", "Day 1 extra.png",
                                                            "Day 2/[x] (1) {y} @z!$'~,;=.png", "Day 2/b.png", "Day 10/a.png", "Ünï cödé/ä b#c%d?e&f+g.png"])
        // The rows (each written from its folder's part and its own) say the same.
        let rows = contents.rowStore()
        for (index, photo) in photos.enumerated() {
            XCTAssertEqual(photo.uri, fileURI(forPath: folder.appendingPathComponent(photo.fileName).path), photo.fileName)
            XCTAssertEqual(rows.rawName(index), photo.name)
            XCTAssertEqual(rows.rawURL(index), photo.uri)
        }
    }

    /// A tree is read by two threads taking folders from one queue: every photo is listed once,
    /// a folder queued by one thread while the other waits is still read, a loop is entered
    /// once, and the cap holds across both threads.
    func testATreeReadOnTwoThreadsListsEachPhotoOnceWithinTheCap() throws {
        let folder = TemporaryFiles.url("two-threads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        var expected: Set<String> = []
        // A chain (each folder's only subfolder found while the other thread has nothing to do),
        // and a bushy part.
        var chain = ""
        for depth in 0..<12 {
            chain += "c\(depth)/"
            expected.insert(chain + "p.png")
        }
        for top in 0..<6 {
            expected.insert("t\(top)/q.png")
            for sub in 0..<6 { for photo in 0..<3 { expected.insert("t\(top)/s\(sub)/p\(photo).png") } }
        }
        for name in expected {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: url)
        }
        XCTAssertEqual(symlink("..", folder.appendingPathComponent("t0/s0/loop").path), 0)
        for _ in 0..<5 {
            let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
            XCTAssertEqual(contents.photos.count, expected.count)
            XCTAssertEqual(Set(contents.photos.map(\.fileName)), expected)
            XCTAssertFalse(contents.isCapped)
            let capped = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, maxPhotos: 50, subfolders: true)
            XCTAssertEqual(capped.photos.count, 50)
            XCTAssertEqual(Set(capped.photos.map(\.fileName)).count, 50)
            XCTAssertTrue(capped.isCapped)
        }
    }

    /// While the helper reads a big subfolder and the listing's thread has none of its own, what
    /// the helper finds is still shown as it comes: the listing's thread wakes for each batch.
    func testTheListingShowsWhatTheHelperFindsWhileItWaits() throws {
        let folder = TemporaryFiles.url("helper-batches-\(UUID().uuidString)")
        let big = folder.appendingPathComponent("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        for index in 0..<3_000 { XCTAssertEqual(symlink(target, big.appendingPathComponent("p\(index).png").path), 0) }
        let contents = FolderContents(folder: folder.path + "/", photos: [], order: PhotoOrder(.name))
        _ = contents.enter(.top)
        let walk = TreeWalk(contents: contents, listing: Cancellable(), maxPhotos: 10_000, times: false, progress: {})
        walk.helperTakesFirst = true
        walk.helperWaitsForEachTake = true
        var making = PhotoMaking()
        try walk.read(.top, subfolders: true, making: &making)
        var takenBeforeTheEnd: [Int] = []
        walk.readQueued { let taken = walk.take().count; if taken > 0 { takenBeforeTheEnd.append(taken) } }
        let rest = walk.take().count
        XCTAssertEqual(takenBeforeTheEnd.reduce(0, +) + rest, 3_000)
        XCTAssertGreaterThan(takenBeforeTheEnd.count, 1, "the helper's batches were shown as they came: \(takenBeforeTheEnd), then \(rest)")
    }
}
