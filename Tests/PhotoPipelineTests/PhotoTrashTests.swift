// Why this exists: putting a photo back from the trash never writes over a file that took its name meanwhile, and the trash's names are found as GLib gives them.
import Foundation
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
        let trashed = TrashedPhoto(originalPath: root.appendingPathComponent("photos/a.png").path,
                                   trashedPath: root.appendingPathComponent("files/a.png").path,
                                   infoPath: root.appendingPathComponent("info/a.png.trashinfo").path)
        try Data("old".utf8).write(to: URL(fileURLWithPath: trashed.trashedPath))
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
}
