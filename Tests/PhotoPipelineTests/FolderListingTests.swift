// Why this exists: a folder read as a gallery without a display: which entries become rows, in which order, with which URLs; and the desktop file offers only image types GdkPixbuf reads here.
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

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

        var rows = ManifestRowStore()
        let count = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable()) { rows.append($0) }.count
        XCTAssertEqual(count, 4)
        XCTAssertEqual((0..<rows.count).map(rows.rawName), ["img 9.png", "img 10.png", "img 100.png", "my photo #1.png"],
                       "numbers as numbers; hidden, backup, subfolder, other files and a dangling link left out")
        let url = try XCTUnwrap(URL(string: rows.rawURL(3)))
        XCTAssertEqual(url.path, folder.appendingPathComponent("my photo #1.png").path, "the URL is the file's, escaped")
    }

    func testAMissingFolderSaysSo() {
        XCTAssertThrowsError(try FolderListing.rows(ofFolder: "/nonexistent-\(UUID().uuidString)", cancellable: Cancellable()) { _ in }) { error in
            XCTAssertTrue("\(error)".hasPrefix("could not list the folder: "), "\(error)")
        }
    }

    /// Open With offers the app for these types: each must be one GdkPixbuf reads here.
    func testTheDesktopFileOffersOnlyTypesTheLoadersRead() throws {
        let desktop = try String(contentsOf: SamplePhotos.repositoryRoot.appendingPathComponent("data/io.github.classicphotos.ClassicPhotos.desktop.in.in"), encoding: .utf8)
        let line = try XCTUnwrap(desktop.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let images = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init).filter { $0.hasPrefix("image/") }
        XCTAssertGreaterThan(images.count, 5)
        for type in images { XCTAssertTrue(FolderListing.isImage(contentType: type), "\(type) is offered but no loader reads it") }
        XCTAssertTrue(line.contains("inode/directory;"), "folders open with the app")
        // And the formats photos come in, which the install script's loaders read, are offered.
        for type in ["image/jpeg", "image/png", "image/webp", "image/avif", "image/heif", "image/heic", "image/tiff", "image/gif", "image/svg+xml", "image/bmp"] {
            XCTAssertTrue(FolderListing.isImage(contentType: type), "no loader reads \(type): is the install script's loader package installed?")
            XCTAssertTrue(images.contains(type), "\(type) is read but not offered in Open With")
        }
    }
}
