// Why this exists: a camera's RAW file and its JPEG of the same name are one row, the JPEG's, as the listing and the watcher keep the folder: paired when listed, when the JPEG or the RAW arrives later, parted when the JPEG goes (the RAW a row again), forgotten when the RAW goes (Trash and Undo of a pair: `TrashAppTests`).
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class RawJPEGPairTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = TemporaryFiles.url("pairs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Day 2"), withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: root) }

    static let jpeg = OrientedPhotos.jpeg(orientation: 1)
    static let dng = try! TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("coffee.png").path, width: 60, height: 40)

    func write(_ data: Data, _ name: String) throws { try data.write(to: root.appendingPathComponent(name)) }

    func names(_ rows: ManifestRowStore) -> [String] { (0..<rows.count).map { rows.rawName($0) } }

    func testARawAndItsJPEGAreOneRowAsTheFolderChanges() throws {
        // A pair (the camera's capitals), a RAW alone, a JPEG alone, and a pair in a subfolder;
        // "IMG_0003.CR2" has no JPEG of its own but "img_0003.jpg" (another name: not a pair).
        try write(Self.jpeg, "IMG_0001.JPG"); try write(Self.dng, "IMG_0001.DNG")
        try write(Self.dng, "IMG_0002.DNG")
        try write(Self.jpeg, "IMG_0003.JPG")
        try write(Self.jpeg, "Day 2/IMG_0004.jpg"); try write(Self.dng, "Day 2/IMG_0004.dng")
        try write(Self.dng, "IMG_0005.DNG"); try write(Self.jpeg, "img_0005.jpg")
        let contents = try FolderListing.rows(ofFolder: root.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        XCTAssertEqual(names(contents.rowStore()), ["Day 2/IMG_0004.jpg", "IMG_0001.JPG", "IMG_0002.DNG", "IMG_0003.JPG", "IMG_0005.DNG", "img_0005.jpg"])
        let folder = root.path + "/"
        XCTAssertEqual(contents.companionPaths(), [folder + "IMG_0001.JPG": folder + "IMG_0001.DNG", folder + "Day 2/IMG_0004.jpg": folder + "Day 2/IMG_0004.dng"])

        // A filter that leaves the pair's JPEG out leaves its RAW out too; cleared, the pair is back.
        var shown = try XCTUnwrap(contents.refilter(PhotoFilter.parse("DNG").filter))
        XCTAssertEqual(names(shown.rows), ["IMG_0002.DNG", "IMG_0005.DNG"], "a hidden JPEG's RAW is not a row")
        shown = try XCTUnwrap(contents.refilter(PhotoFilter()))
        XCTAssertEqual(names(shown.rows), ["Day 2/IMG_0004.jpg", "IMG_0001.JPG", "IMG_0002.DNG", "IMG_0003.JPG", "IMG_0005.DNG", "img_0005.jpg"])
        XCTAssertEqual(shown.companions?.count, 2)

        // The RAW of a pair changes: no row changes. A JPEG arrives beside a RAW alone: the RAW's row goes into it.
        try write(Self.dng, "IMG_0001.DNG")
        XCTAssertNil(contents.refresh(["IMG_0001.DNG"]), "a companion has no row to change")
        try write(Self.dng, "IMG_0003.DNG")
        var change = try XCTUnwrap(contents.refresh(["IMG_0003.DNG"]))
        XCTAssertEqual(names(change.rows), ["Day 2/IMG_0004.jpg", "IMG_0001.JPG", "IMG_0002.DNG", "IMG_0003.JPG", "IMG_0005.DNG", "img_0005.jpg"])
        XCTAssertEqual(change.companions?[folder + "IMG_0003.JPG"], folder + "IMG_0003.DNG", "a RAW that arrives joins its JPEG")
        try write(Self.jpeg, "IMG_0002.JPG")
        change = try XCTUnwrap(contents.refresh(["IMG_0002.JPG"]))
        XCTAssertEqual(names(change.rows), ["Day 2/IMG_0004.jpg", "IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0005.DNG", "img_0005.jpg"])
        XCTAssertEqual(change.removed, [2], "the RAW's own row went")
        XCTAssertEqual(change.companions?[folder + "IMG_0002.JPG"], folder + "IMG_0002.DNG")

        // A pair's JPEG goes: its RAW is a row again. A pair's RAW goes: its JPEG stays, alone.
        try FileManager.default.removeItem(at: root.appendingPathComponent("IMG_0001.JPG"))
        change = try XCTUnwrap(contents.refresh(["IMG_0001.JPG"]))
        XCTAssertEqual(names(change.rows), ["Day 2/IMG_0004.jpg", "IMG_0001.DNG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0005.DNG", "img_0005.jpg"])
        XCTAssertNil(change.companions?[folder + "IMG_0001.JPG"])
        try FileManager.default.removeItem(at: root.appendingPathComponent("IMG_0002.DNG"))
        XCTAssertNil(contents.refresh(["IMG_0002.DNG"]), "no row changes")
        try write(Self.jpeg, "IMG_0006.JPG")
        change = try XCTUnwrap(contents.refresh(["IMG_0006.JPG"]))
        XCTAssertNil(change.companions?[folder + "IMG_0002.JPG"], "the RAW that went is forgotten")
        XCTAssertEqual(Set(change.companions?.keys ?? [:].keys), [folder + "IMG_0003.JPG", folder + "Day 2/IMG_0004.jpg"])
        // Both of a pair go together (as Trash moves them): its row goes, and no RAW comes back.
        try FileManager.default.removeItem(at: root.appendingPathComponent("IMG_0003.DNG"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("IMG_0003.JPG"))
        change = try XCTUnwrap(contents.refresh(["IMG_0003.JPG", "IMG_0003.DNG"]))
        XCTAssertEqual(names(change.rows), ["Day 2/IMG_0004.jpg", "IMG_0001.DNG", "IMG_0002.JPG", "IMG_0005.DNG", "IMG_0006.JPG", "img_0005.jpg"])
        XCTAssertEqual(contents.presenceChanges(onDisk: ["": try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0 != "Day 2" }]), [],
                       "a companion counts as listed")
    }
}
