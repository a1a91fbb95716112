// Why this exists: the folder listing reads entries with readdir and one fstatat each, not GIO's enumerator; every kind of entry must still be described as GIO describes it (kind, link, hidden, backup, a ".hidden" file's names, content type from the name, size, time, a name that is not UTF-8), or a photo would be shown, hidden or typed differently from the file manager.
import Foundation
import GLibIO
import GLibRuntime
import TestAndBenchSupport
import XCTest

final class DirectoryReaderTests: XCTestCase {
    func testEachEntryIsDescribedAsGIODescribesIt() throws {
        let folder = TemporaryFiles.url("reader-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        let png = SamplePhotos.data("coffee.png")
        for name in ["a.png", "B.JPG", "photo.tar.gz", "noextension", ".dot.png", "backup.png~", "listed.png", "two.dots.jpeg"] {
            try png.write(to: folder.appendingPathComponent(name))
        }
        try "listed.png\nnot-there.png\n".write(to: folder.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "a.png")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("broken.png").path, withDestinationPath: "gone.png")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("to-sub").path, withDestinationPath: "sub")
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe.png").path, 0o600), 0)
        // A name that is not UTF-8 (Latin-1 "é").
        var raw = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".png".utf8) + [0]
        let fd = raw.withUnsafeMutableBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)

        var listed: [DirectoryEntry] = []
        try DirectoryListing.list(path: folder.path, cancellable: Cancellable()) { listed += $0 }
        XCTAssertEqual(listed.count, 15, listed.map(\.name).joined(separator: ", "))
        for entry in listed where !entry.name.contains("\u{FFFD}") {
            let gio = try XCTUnwrap(DirectoryListing.entry(atPath: folder.path + "/" + entry.name), entry.name)
            XCTAssertEqual(entry.name, gio.name)
            XCTAssertEqual(entry.displayName, gio.displayName, entry.name)
            XCTAssertEqual(entry.kind, gio.kind, entry.name)
            XCTAssertEqual(entry.isSymlink, gio.isSymlink, entry.name)
            XCTAssertEqual(entry.isHidden, gio.isHidden, entry.name)
            XCTAssertEqual(entry.modified, gio.modified, entry.name)
            if entry.kind != .other {
                XCTAssertEqual(entry.contentType, gio.contentType, entry.name)
                XCTAssertEqual(entry.size, gio.size, entry.name)
            }
        }
        let byName = Dictionary(listed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byName["listed.png"]?.isHidden, true, "named in .hidden")
        XCTAssertEqual(byName["to-sub"]?.kind, .directory)
        XCTAssertEqual(byName["broken.png"]?.kind, .other)
        XCTAssertEqual(byName["pipe.png"]?.kind, .other)
        let odd = try XCTUnwrap(listed.first { $0.displayName.hasPrefix("caf") }, "the Latin-1 name is listed")
        XCTAssertTrue(odd.displayName.contains("\u{FFFD}") || odd.displayName.contains("\\"), "shown as GLib shows a name that is not UTF-8: \(odd.displayName)")
    }

    func testAMissingFolderAndACancelledListingFailWithTheirReason() {
        XCTAssertThrowsError(try DirectoryListing.list(path: "/nonexistent-\(UUID().uuidString)", cancellable: Cancellable()) { _ in }) { error in
            XCTAssertTrue("\(error)".contains("No such file"), "\(error)")
        }
        let cancelled = Cancellable()
        cancelled.cancel()
        XCTAssertThrowsError(try DirectoryListing.list(path: "/usr/share", cancellable: cancelled) { _ in }) { error in
            XCTAssertTrue((error as? GLibError)?.isCancelled == true, "\(error)")
        }
    }
}
