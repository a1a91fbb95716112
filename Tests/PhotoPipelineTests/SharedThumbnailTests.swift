// Why this exists: thumbnails of local photos in the desktop's shared cache, as the freedesktop spec says, both ways with GNOME's own thumbnail factory: written where and how the spec says, trusted only on an exact URI and MTime, failures remembered, and GNOME's thumbnails used (and ours found) by the real gnome-desktop library.
import CGLib
import CGdkPixbuf
import DecodeHelper
import Foundation
import GLibRuntime
import GdkPixbuf
import TestAndBenchSupport
import PhotoTrace
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching

final class SharedThumbnailTests: XCTestCase {
    var folder: URL!
    var folders: CacheFolders!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("thumbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        folders = CacheFolders(home: folder.appendingPathComponent("cache").path)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// A copy of a sample photo with a known modification time.
    func photo(_ sample: String, as name: String, mtime: Int = 1_700_000_000) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try SamplePhotos.data(sample).write(to: url)
        setMTime(url, mtime)
        return url
    }

    func setMTime(_ url: URL, _ mtime: Int) {
        var times = [timespec(tv_sec: mtime, tv_nsec: 0), timespec(tv_sec: mtime, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
    }

    func load(_ url: URL, rowPixels: Int = 64) -> StageOutcome {
        let caches = DiskCaches(shared: SharedThumbnails(folders: folders, decoders: .here), http: nil)
        return MainActor.assumeIsolated {
            ImageDownloader(PhotoSource(url: url, fetcher: ResourceFetcher(http: HTTPClient()), caches: caches, byteLimit: 50 << 20, decoders: .here, trace: Trace()), rowPixels: rowPixels)
                .run(WorkContext(cancellable: Cancellable()))
        }
    }

    func source(_ outcome: StageOutcome) -> String {
        switch outcome {
        case .image(_, let from): return from?.rawValue ?? "filter"
        case .failed(let reason): return "failed: \(reason)"
        case .cancelled: return "cancelled"
        case .written(let bytes): return "written \(bytes)"
        case .preview(let image): return image == nil ? "no preview" : "preview"
        }
    }

    func mode(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_mode & 0o777) : -1
    }

    func testAThumbnailIsWrittenAsTheSpecSays() throws {
        let url = try photo("chelsea.png", as: "chelsea.png")
        XCTAssertEqual(source(load(url)), "file", "decoded from the photo the first time")
        let uri = SharedThumbnails.uri(forPath: url.path)
        XCTAssertEqual(uri, "file://" + url.path)
        let name = SharedThumbnails.name(for: uri)
        XCTAssertEqual(name.count, 32 + 4, "MD5 in hexadecimal, and .png")
        let path = "\(folders.thumbnails)/normal/\(name)"
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "at $XDG_CACHE_HOME/thumbnails/normal/MD5.png")
        XCTAssertEqual(mode(folders.thumbnails), 0o700)
        XCTAssertEqual(mode("\(folders.thumbnails)/normal"), 0o700)
        XCTAssertEqual(mode(path), 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "\(folders.thumbnails)/normal").filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary file left: written aside, then renamed")

        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(Array(data[24..<26]), [8, 6], "IHDR: 8-bit, colour type 6 (RGBA)")
        let keys = ["Thumb::URI", "Thumb::MTime", "Thumb::Size", "Thumb::Mimetype", "Thumb::Image::Width", "Thumb::Image::Height", "Software"]
        let decoded = try XCTUnwrap(PNGFile.decode(data, by: .here, keys: keys, maxSide: 128))
        XCTAssertEqual(max(decoded.pixbuf.width, decoded.pixbuf.height), 128, "fits 128 × 128")
        XCTAssertEqual(decoded.text["Thumb::URI"], uri)
        XCTAssertEqual(decoded.text["Thumb::MTime"], "1700000000")
        XCTAssertEqual(decoded.text["Thumb::Size"], String(SamplePhotos.data("chelsea.png").count))
        XCTAssertEqual(decoded.text["Thumb::Mimetype"], "image/png")
        XCTAssertEqual(decoded.text["Thumb::Image::Width"], "451")
        XCTAssertEqual(decoded.text["Thumb::Image::Height"], "300")
        XCTAssertTrue(decoded.text["Software"]?.hasPrefix("Classic Photos") == true)
    }

    /// Another app can write the thumbnail cache: a HEIC (whose decoder has crashed the app)
    /// planted at a thumbnail's path is never decoded; the photo is read instead.
    func testAFileOfAnotherFormatAtAThumbnailsPathIsNeverDecoded() throws {
        let url = try photo("coffee.png", as: "coffee.png")
        let path = "\(folders.thumbnails)/normal/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: url.path)))"
        try FileManager.default.createDirectory(atPath: "\(folders.thumbnails)/normal", withIntermediateDirectories: true)
        let heic = try HostileImages.written("heic")
        try heic.write(to: URL(fileURLWithPath: path))
        var allocated = false
        XCTAssertNil(PNGFile.decode(heic, keys: [], maxSide: 128, allocated: &allocated))
        XCTAssertFalse(allocated, "no decoder ran")
        XCTAssertEqual(source(load(url)), "file", "the photo itself was read, and its thumbnail written over the planted file")
    }

    func testAValidThumbnailIsUsedWithoutReadingThePhoto() throws {
        let url = try photo("coffee.png", as: "coffee.png")
        XCTAssertEqual(source(load(url)), "file")
        // Same modification time, other bytes: only a thumbnail can make an image of it now.
        try Data("not an image".utf8).write(to: url)
        setMTime(url, 1_700_000_000)
        XCTAssertEqual(source(load(url)), "thumbnail-cache")
    }

    func testAStaleThumbnailIsNeverShownAndIsReplaced() throws {
        let url = try photo("coffee.png", as: "photo.png")
        XCTAssertEqual(source(load(url)), "file")
        // The photo changed (another picture, a later time): the thumbnail no longer counts.
        try SamplePhotos.data("horse.png").write(to: url)
        setMTime(url, 1_700_000_100)
        guard case .image(let image, .file?) = load(url) else { return XCTFail("decoded again") }
        let expected = try ImageDecoder(maxDimension: 128).decode(SamplePhotos.data("horse.png"))
        XCTAssertEqual(image.pixel(x: 32, y: 32), RowThumbnail.square(expected.pixbuf, pixels: 64)!.pixel(x: 32, y: 32),
                       "the new picture, not the old thumbnail")
        let path = "\(folders.thumbnails)/normal/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: url.path)))"
        let decoded = try XCTUnwrap(PNGFile.decode(try Data(contentsOf: URL(fileURLWithPath: path)), by: .here, keys: ["Thumb::MTime"], maxSide: 128))
        XCTAssertEqual(decoded.text["Thumb::MTime"], "1700000100", "the thumbnail was replaced")
        // A thumbnail made for an older time is not used even if the file goes back to it? It
        // would be: equal MTime is the rule. A *later* MTime in the thumbnail is not "newer, so fine".
        setMTime(url, 1_700_000_050)
        XCTAssertEqual(source(load(url)), "file", "MTime must be equal, not merely older or newer")
    }

    func testAPhotoThatFailedIsNotDecodedAgainUntilItChanges() throws {
        let url = folder.appendingPathComponent("broken.png")
        try Data(SamplePhotos.data("coffee.png").prefix(500)).write(to: url)
        setMTime(url, 1_700_000_000)
        guard case .failed(let first) = load(url) else { return XCTFail("a truncated PNG fails") }
        let fail = "\(folders.thumbnails)/fail/classic-photos-\(AppInfo.version)/\(SharedThumbnails.name(for: SharedThumbnails.uri(forPath: url.path)))"
        XCTAssertTrue(FileManager.default.fileExists(atPath: fail), "a failure entry, where the spec puts the app's")
        XCTAssertEqual(source(load(url)), "failed: \(first) (it has not changed since it last failed)")
        // Remembered as it was met, typed, so that the user reads it in their language.
        guard case .failed(let again) = load(url) else { return XCTFail("still failed") }
        XCTAssertEqual(again.code, first.code)
        XCTAssertEqual(again.cause, .remembered(.truncated(format: "PNG")))
        setMTime(url, 1_700_000_001)
        XCTAssertEqual(source(load(url)), "failed: \(first)", "changed: it is tried again")
    }

    func testALargerRowUsesTheLargeSizeAndASmallerRowUsesALargerOneIfThatIsAllThereIs() throws {
        let url = try photo("astronaut.png", as: "astronaut.png")
        XCTAssertEqual(source(load(url, rowPixels: 192)), "file", "a row at scale 3 (192 px) needs the large size")
        let name = SharedThumbnails.name(for: SharedThumbnails.uri(forPath: url.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: "\(folders.thumbnails)/large/\(name)"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: "\(folders.thumbnails)/normal/\(name)"))
        XCTAssertEqual(source(load(url, rowPixels: 64)), "thumbnail-cache", "normal is missing, so the large one serves")
    }

    // MARK: GNOME's own implementation, both ways

    func gnome(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let script = SamplePhotos.repositoryRoot.appendingPathComponent("Sources/Support/TestAndBenchSupport/Scripts/gnome-thumbnails.py").path
        return try Tool.run("/usr/bin/python3", [script] + arguments, environment: ["XDG_CACHE_HOME": folders.home])
    }

    func testAThumbnailSavedByGNOMEIsShownWithoutDecodingThePhoto() throws {
        let url = try photo("coffee.png", as: "by-gnome.png")
        let uri = SharedThumbnails.uri(forPath: url.path)
        // GNOME saves a thumbnail of a plain red picture for this file.
        let red = folder.appendingPathComponent("red.png")
        try TestImages.encode(TestImages.pixbuf(width: 128, height: 96) { _, _ in [250, 0, 0] }, type: "png").write(to: red)
        let saved = try gnome(["save", red.path, uri, "1700000000"])
        XCTAssertEqual(saved.status, 0, saved.output)
        guard case .image(let image, .thumbnailCache?) = load(url) else { return XCTFail("GNOME's thumbnail was used") }
        XCTAssertEqual(Array(image.pixel(x: 30, y: 30).prefix(3)), [250, 0, 0], "the red of GNOME's thumbnail, so the photo was not decoded")
    }

    func testAThumbnailTheAppWritesIsValidForGNOME() throws {
        let url = try photo("rocket.jpg", as: "ours.jpg")
        XCTAssertEqual(source(load(url)), "file")
        let uri = SharedThumbnails.uri(forPath: url.path)
        let found = try gnome(["lookup", uri, "1700000000"])
        XCTAssertEqual(found.status, 0, "GNOME's factory finds our thumbnail valid")
        XCTAssertEqual(found.output.trimmingCharacters(in: .whitespacesAndNewlines), "\(folders.thumbnails)/normal/\(SharedThumbnails.name(for: uri))")
        XCTAssertNotEqual(try gnome(["lookup", uri, "1700000001"]).status, 0, "control: and not for another MTime")
    }
}

extension SharedThumbnailTests {
    /// A RAW file Rotate turned keeps its turn in its sidecar, not in its file (whose MTime stays):
    /// a thumbnail says which turn it shows, and only a thumbnail of the sidecar's turn is used.
    func testARawFilesThumbnailsSayTheTurnItsSidecarKeeps() throws {
        let url = folder.appendingPathComponent("photo.dng")
        try TestDNG.make(from: SamplePhotos.directory.appendingPathComponent("coffee.png").path, width: 300, height: 200).write(to: url)
        setMTime(url, 1_700_000_000)
        let shared = SharedThumbnails(folders: folders, decoders: .here)
        func shown(_ orientation: Int?) throws -> Pixbuf {
            var decoder = ImageDecoder(maxDimension: 128)
            decoder.decoding(url)
            decoder.sidecarOrientation = orientation
            return try XCTUnwrap(RowThumbnail.square(try decoder.decode(try Data(contentsOf: url)).pixbuf, pixels: 64)).pixbuf
        }
        func loaded() throws -> (Pixbuf, String) {
            guard case .image(let image, let from) = load(url) else { throw XCTSkip("no image") }
            return (image.pixbuf, from?.rawValue ?? "")
        }
        XCTAssertEqual(try loaded().1, "file")
        XCTAssertEqual(try loaded().1, "thumbnail-cache")
        // Turned in its sidecar: the upright thumbnail no longer counts; the turned one is kept, saying so.
        try PhotoTurning.turn(url.path, .clockwise)
        var (image, from) = try loaded()
        XCTAssertEqual(from, "file", "the upright thumbnail is not used for the turned photo")
        XCTAssertLessThan(CameraDecodeTests.difference(image, try shown(6)), 1)
        XCTAssertGreaterThan(CameraDecodeTests.difference(image, try shown(nil)), 5, "control: turned and upright differ")
        XCTAssertEqual(try loaded().1, "thumbnail-cache")
        // Turned again, its thumbnails turned with it (as Rotate does): used, and turned.
        try PhotoTurning.turn(url.path, .clockwise)
        let uri = SharedThumbnails.uri(forPath: url.path)
        XCTAssertEqual(shared.turnEntries(uri: uri, mtime: 1_700_000_000, fileSize: 0, sidecarTurn: 6, to: 3, clockwise: true), [.normal])
        (image, from) = try loaded()
        XCTAssertEqual(from, "thumbnail-cache")
        XCTAssertLessThan(CameraDecodeTests.difference(image, try shown(3)), 3)
        // Its sidecar gone: the file's own turn again, decoded.
        try FileManager.default.removeItem(atPath: url.path + ".xmp")
        (image, from) = try loaded()
        XCTAssertEqual(from, "file")
        XCTAssertLessThan(CameraDecodeTests.difference(image, try shown(nil)), 1)
    }
}
