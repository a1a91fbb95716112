// Why this exists: what Save As and Export Gallery write, without a display: names safe and unique, a file that is never replaced unless asked, the photo at full size, upright and in sepia in each format, refusals and cancellation that leave nothing behind.
import DecodeHelper
import Foundation
import GLibRuntime
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest
@testable import PhotoFetching
@testable import PhotoTrace

final class ExportTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("export-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

    func testNamesAreSafeForAFileSystem() {
        XCTAssertEqual(ExportNames.base(for: "../../etc/passwd"), "etc-passwd", "no path, no leading dots")
        XCTAssertEqual(ExportNames.base(for: "  .hidden  "), "hidden", "not hidden")
        XCTAssertEqual(ExportNames.base(for: "-rf"), "rf", "not an option")
        XCTAssertEqual(ExportNames.base(for: "bell\u{7}\u{202E}gpj.exe"), "bellgpj.exe", "no control or bidi characters")
        XCTAssertEqual(ExportNames.base(for: " \u{200B} "), "Photo", "nothing left: a name still")
        let long = ExportNames.base(for: String(repeating: "사진", count: 200))
        XCTAssertLessThanOrEqual(long.utf8.count, 200, "fits a file system's 255 bytes with room for the rest")
        XCTAssertTrue(long.allSatisfy { $0 == "사" || $0 == "진" }, "cut between characters")
        XCTAssertEqual(ExportNames.suggested(for: "Coffee", sepia: true, format: .jpeg), "Coffee (sepia).jpg")
        XCTAssertEqual(ExportNames.suggested(for: "Coffee", sepia: false, format: .webp), "Coffee.webp")
        XCTAssertEqual(ExportNames.suggested(for: "IMG_1234.JPG", sepia: true, format: .png), "IMG_1234 (sepia).png", "a file's extension is not kept")
        XCTAssertEqual(ExportNames.suggested(for: "notes.txt", sepia: false, format: .png), "notes.txt.png", "only an image's")
        XCTAssertEqual(ExportNames.suggested(for: ".jpg", sepia: false, format: .png), "jpg.png")
        XCTAssertEqual(ExportFormat(fileName: "a.JPEG"), .jpeg)
        XCTAssertEqual(ExportFormat(fileName: "a.png"), .png)
        XCTAssertNil(ExportFormat(fileName: "a.tiff"))
    }

    /// FAT, exFAT, NTFS and Windows shares refuse `:`, `?`, `*`, `"`, `<`, `>` and `|` (a name with
    /// one stopped an export to a stick), a final dot or space, and compare names without case:
    /// an export there gives names they take. Which file systems: from the mount table.
    func testNamesForAWindowsFileSystem() throws {
        XCTAssertEqual(ExportNames.base(for: "Sunset: day 1? <best> \"wow\" a|b*", windowsNames: true), "Sunset_ day 1_ _best_ _wow_ a_b_")
        XCTAssertEqual(ExportNames.base(for: "Sunset: day 1?"), "Sunset: day 1?", "other file systems keep the name")
        XCTAssertEqual(ExportNames.base(for: "The end. ", windowsNames: true), "The end")
        var names = ExportNames.Unique(taken: ["COFFEE.png"], format: .png, sepia: false, windowsNames: true)
        XCTAssertEqual(names.name(for: "Coffee"), "Coffee (2).png", "the folder's names compared without case")
        XCTAssertEqual(names.name(for: "coffee"), "coffee (3).png")
        XCTAssertEqual(MountTable.fileSystem(containing: "/proc/self"), "proc")
        XCTAssertTrue(ExportFolder.windowsFileSystems.isSuperset(of: ["vfat", "exfat", "ntfs3", "fuseblk", "cifs"]))
        XCTAssertFalse(try ExportFolder(path: folder.path).windowsNames, "a folder here is not on one")
    }

    func testUniqueNamesAvoidEachOtherAndTheFolder() {
        var names = ExportNames.Unique(taken: ["Coffee.png", "Tea (2).png"], format: .png, sepia: false)
        XCTAssertEqual(["Coffee", "Coffee", "Tea", "Tea", "Coffee"].map { names.name(for: $0) },
                       ["Coffee (2).png", "Coffee (3).png", "Tea.png", "Tea (3).png", "Coffee (4).png"])
        // A thousand photos of one name cost a thousand tries, not half a million.
        var many = ExportNames.Unique(taken: [], format: .jpeg, sepia: true)
        let made = (0..<1000).map { _ in many.name(for: "IMG") }
        XCTAssertEqual(Set(made).count, 1000)
        XCTAssertEqual(made.last, "IMG (sepia) (1000).jpg")
    }

    func testAFileThereIsNeverReplacedUnlessAsked() throws {
        let path = folder.appendingPathComponent("mine.jpg").path
        try Data("the user's".utf8).write(to: URL(fileURLWithPath: path))
        guard case .failure(let error) = AtomicFile.write(Data("new".utf8), to: path, mode: 0o644, replacing: false) else {
            return XCTFail("wrote over a file that was there")
        }
        XCTAssertEqual(error.code, EEXIST)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "the user's")
        XCTAssertEqual(files(), ["mine.jpg"], "no temporary file left")
        // Asked (the chooser asked the user), it replaces.
        guard case .success = AtomicFile.write(Data("new".utf8), to: path, mode: 0o644, replacing: true) else { return XCTFail("not replaced") }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new")
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o644, "a photo the user keeps is readable like their others")
    }

    func export(_ data: Data, format: ExportFormat, sepia: Bool, settings: PipelineSettings = PipelineSettings(),
                cancelled: Bool = false) throws -> (StageOutcome, String) {
        let source = folder.appendingPathComponent("source-\(UUID().uuidString)")
        try data.write(to: source)
        let path = folder.appendingPathComponent("out.\(format.fileExtension)").path
        let work = PhotoExport(PhotoSource(url: source, fetcher: ResourceFetcher(http: HTTPClient()), byteLimit: 50 << 20, decoders: .here, trace: Trace()),
                               to: ExportTarget(path: path, replacing: false), format: format, sepia: sepia, settings: settings)
        let cancellable = Cancellable()
        if cancelled { cancellable.cancel() }
        let outcome = work.run(WorkContext(cancellable: cancellable))
        try FileManager.default.removeItem(at: source)
        return (outcome, path)
    }

    /// A photo stored turned (EXIF orientation 6) is written upright at its full size, in sepia,
    /// in each format; read back, it is the pipeline's own sepia of the upright picture.
    func testWritesTheWholePhotoUprightInEachFormat() throws {
        let expected = try PipelineSettings().sepia.filter(try ImageDecoder(maxDimension: 4096).decode(OrientedPhotos.uprightPNG()), isCancelled: { false })
        for format in ExportFormat.allCases {
            let (outcome, path) = try export(OrientedPhotos.jpeg(orientation: 6), format: format, sepia: true)
            guard case .written(let bytes) = outcome else { return XCTFail("\(format): \(outcome)") }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            XCTAssertEqual(bytes, data.count)
            let image = try XCTUnwrap(TestImages.decode(data), "\(format) reads back")
            XCTAssertEqual([image.width, image.height], [OrientedPhotos.width, OrientedPhotos.height], "\(format): upright, whole")
            let kept = Thumbnail(image)
            // Quarters of the upright picture: JPEG blurs the edges, not the middles.
            for (x, y) in [(60, 40), (180, 40), (120, 120)] {
                let a = kept.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                XCTAssertLessThanOrEqual((0..<3).map { abs(Int(a[$0]) - Int(b[$0])) }.max()!, 12, "\(format) at \(x),\(y): \(a) vs \(b)")
            }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    func testOverTheCapIsRefusedAndCancelledWritesNothing() throws {
        var small = PipelineSettings()
        small.viewerMaxPixels = 10_000
        let (refused, _) = try export(OrientedPhotos.uprightPNG(), format: .png, sepia: false, settings: small)
        guard case .failed(let reason) = refused else { return XCTFail("\(refused)") }
        XCTAssertEqual(reason.code, .refusedImage, reason.description)
        XCTAssertTrue(reason.description.contains("too large"), reason.description)
        let (cancelled, _) = try export(OrientedPhotos.uprightPNG(), format: .png, sepia: true, cancelled: true)
        guard case .cancelled = cancelled else { return XCTFail("\(cancelled)") }
        XCTAssertEqual(files(), [], "nothing written, nothing left")
    }
}
