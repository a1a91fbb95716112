// Why this exists: putting a photo back from the trash never writes over a file that took its name meanwhile, and the trash's names are found as GLib gives them.
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class PhotoTrashTests: XCTestCase {
    func testGLibsNamesForTheSameNameTrashedAgain() {
        XCTAssertEqual(PhotoTrash.uniqueName("a.jpg", 1), "a.jpg")
        XCTAssertEqual(PhotoTrash.uniqueName("a.jpg", 2), "a.2.jpg")
        XCTAssertEqual(PhotoTrash.uniqueName("a.tar.gz", 3), "a.3.tar.gz", "at the first dot, as GLib does")
        XCTAssertEqual(PhotoTrash.uniqueName("README", 2), "README.2")
    }

    func testARestoreNeverReplacesAFileThatTookItsName() throws {
        let root = TemporaryFiles.url("restore-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["files", "info", "photos"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        // The photo as it was chosen (its folder and file), then "trashed".
        let original = root.appendingPathComponent("photos/a.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: original))
        let identity = try XCTUnwrap(PhotoTrash.identify(original))
        let trashed = TrashedPhoto(original: identity, trashedPath: root.appendingPathComponent("files/a.png").path,
                                   infoPath: root.appendingPathComponent("info/a.png.trashinfo").path)
        XCTAssertEqual(rename(original, trashed.trashedPath), 0)
        try Data("[Trash Info]\n".utf8).write(to: URL(fileURLWithPath: trashed.infoPath))
        try Data("new".utf8).write(to: URL(fileURLWithPath: trashed.originalPath))

        XCTAssertThrowsError(try PhotoTrash.restore(trashed)) { error in
            XCTAssertEqual(error as? TrashFailure, .failed(Words("another file has its name now")))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: trashed.originalPath)), Data("new".utf8), "the new file stays")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: trashed.trashedPath)), Data("old".utf8), "the trashed one too")

        try FileManager.default.removeItem(atPath: trashed.originalPath)
        try PhotoTrash.restore(trashed)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: trashed.originalPath)), Data("old".utf8), "back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: trashed.infoPath), "its entry left the trash")
        XCTAssertThrowsError(try PhotoTrash.restore(trashed), "no longer in the trash")
    }

    /// The folder swapped for a link to another folder while the photo was in the trash: Undo
    /// refuses and puts nothing there (it used to restore the photo into the other folder).
    func testUndoIntoAFolderSwappedForALinkIsRefused() throws {
        let root = TemporaryFiles.url("restore-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["files", "info", "photos", "elsewhere"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let original = root.appendingPathComponent("photos/a.png").path
        try Data("photo".utf8).write(to: URL(fileURLWithPath: original))
        let trashed = TrashedPhoto(original: try XCTUnwrap(PhotoTrash.identify(original)), trashedPath: root.appendingPathComponent("files/a.png").path,
                                   infoPath: root.appendingPathComponent("info/a.png.trashinfo").path)
        XCTAssertEqual(rename(original, trashed.trashedPath), 0)
        try Data("[Trash Info]\n".utf8).write(to: URL(fileURLWithPath: trashed.infoPath))
        // The folder moved away, and a link to another put in its place.
        XCTAssertEqual(rename(root.appendingPathComponent("photos").path, root.appendingPathComponent("moved").path), 0)
        XCTAssertEqual(symlink(root.appendingPathComponent("elsewhere").path, root.appendingPathComponent("photos").path), 0)
        XCTAssertThrowsError(try PhotoTrash.restore(trashed)) { error in
            XCTAssertEqual(error as? TrashFailure, .failed(Words("its folder was replaced by another")))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("elsewhere").path), [], "nothing went into the other folder")
        XCTAssertTrue(FileManager.default.fileExists(atPath: trashed.trashedPath), "the photo stays in the trash")
        // The folder back: Undo works.
        XCTAssertEqual(unlink(root.appendingPathComponent("photos").path), 0)
        XCTAssertEqual(rename(root.appendingPathComponent("moved").path, root.appendingPathComponent("photos").path), 0)
        try PhotoTrash.restore(trashed)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: original)), Data("photo".utf8))
    }

    /// Delete Permanently deletes the file that was asked about, in the folder it was in: with
    /// the folder swapped for a link, or the file replaced by another, nothing is deleted.
    func testDeleteGoesOnlyToTheFileAskedAbout() throws {
        let root = TemporaryFiles.url("delete-swap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["photos", "elsewhere"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let photo = root.appendingPathComponent("photos/a.png").path, other = root.appendingPathComponent("elsewhere/a.png").path
        try Data("photo".utf8).write(to: URL(fileURLWithPath: photo))
        try Data("someone else's".utf8).write(to: URL(fileURLWithPath: other))
        let asked = try XCTUnwrap(PhotoTrash.identify(photo))
        XCTAssertEqual(rename(root.appendingPathComponent("photos").path, root.appendingPathComponent("moved").path), 0)
        XCTAssertEqual(symlink(root.appendingPathComponent("elsewhere").path, root.appendingPathComponent("photos").path), 0)
        XCTAssertThrowsError(try PhotoTrash.delete(asked))
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "the other folder's file is kept")
        XCTAssertEqual(unlink(root.appendingPathComponent("photos").path), 0)
        XCTAssertEqual(rename(root.appendingPathComponent("moved").path, root.appendingPathComponent("photos").path), 0)
        // Another file under the photo's name: kept too.
        // (Made beside it and renamed over it, so it cannot be given the old file's inode.)
        try Data("new".utf8).write(to: URL(fileURLWithPath: photo + ".new"))
        XCTAssertEqual(rename(photo + ".new", photo), 0)
        XCTAssertThrowsError(try PhotoTrash.delete(asked)) { error in
            XCTAssertEqual(error as? TrashFailure, .failed(Words("another file has its name now")))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: photo))
        try PhotoTrash.delete(try XCTUnwrap(PhotoTrash.identify(photo)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: photo), "asked about and still the same: deleted")
    }
}
