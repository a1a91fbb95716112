// Why this exists: what the filter reads of a photo: its lens, its position and its marks from its first bytes (a JPEG's XMP segment, a PNG's and a WebP's metadata after their pixels, gathered by chunk lengths alone), a broken chunk walk ending cleanly, and the index keeping every fact.
import PhotoFormats
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) @testable import PhotoDecoding
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class FilterFactsTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("filter-facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    /// The facts of a photo made from `sample` as `name`, with exiftool's `tags`.
    func facts(_ name: String, _ sample: String, _ tags: [String]) throws -> PhotoFacts? {
        let url = folder.appendingPathComponent(name)
        if name.hasSuffix(".webp") {
            _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent(sample).path, url.path])
        } else {
            try SamplePhotos.data(sample).write(to: url)
        }
        XCTAssertEqual(try Exiftool.run(["-overwrite_original", "-q"] + tags, url.path).status, 0)
        let prefix = try XCTUnwrap(PhotoFacts.prefix(ofFile: url.path))
        return PhotoFacts.readHere(prefix, parsers: LinkedParsers.libraries)
    }

    func testLensPositionAndMarksAreRead() throws {
        let jpeg = try XCTUnwrap(facts("a.jpg", "rocket.jpg", ["-XMP-xmp:Rating=4", "-XMP-digiKam:PickLabel=3", "-XMP-digiKam:TagsList=Places/Portugal/Lisbon",
                                                              "-EXIF:LensModel=23mm F2", "-GPSLatitude=38.7", "-GPSLatitudeRef=N", "-GPSLongitude=9.1", "-GPSLongitudeRef=W"]))
        XCTAssertEqual(jpeg.marks, PhotoMarks(rating: 4, flag: .pick, tags: ["Places/Portugal/Lisbon"]))
        XCTAssertEqual(jpeg.lens, "23mm F2")
        XCTAssertEqual(jpeg.located, true)
        // exiftool puts a PNG's and a WebP's XMP after the pixels: found there.
        let png = try XCTUnwrap(facts("b.png", "horse.png", ["-XMP-xmp:Rating=-1", "-XMP-digiKam:PickLabel=1"]))
        XCTAssertEqual(png.marks?.flag, .reject)
        let webp = try XCTUnwrap(facts("c.webp", "horse.png", ["-XMP-xmp:Rating=2", "-XMP-dc:Subject=tram"]))
        XCTAssertEqual(webp.marks, PhotoMarks(rating: 2, tags: ["tram"]))
        let plain = try facts("d.jpg", "rocket.jpg", ["-EXIF:Make=Canon"])
        XCTAssertNil(plain?.marks, "no XMP: no marks")
        XCTAssertEqual(plain?.located, false)
    }

    func testABrokenChunkWalkEndsCleanly() throws {
        let url = folder.appendingPathComponent("broken.png")
        var bytes = [UInt8](SamplePhotos.data("horse.png"))
        // The chunk after IHDR claims 2 GiB: the walk stops there, nothing is read past the file.
        bytes.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xF0])
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        defer { close(fd) }
        XCTAssertNil(MetadataChunks.gathered(fd, size: bytes.count, head: Data(bytes.prefix(64))))
        // A WebP whose chunk runs past its end: none.
        let webp = Array("RIFF".utf8) + [100, 0, 0, 0] + Array("WEBP".utf8) + Array("EXIF".utf8) + [0xFF, 0xFF, 0xFF, 0x7F] + [0, 0, 0, 0]
        let webpURL = folder.appendingPathComponent("broken.webp")
        try Data(webp).write(to: webpURL)
        let webpFD = open(webpURL.path, O_RDONLY)
        defer { close(webpFD) }
        XCTAssertNil(MetadataChunks.gathered(webpFD, size: webp.count, head: Data(webp)))
    }

    func testTheIndexKeepsEveryFact() throws {
        let index = MetadataIndex(path: nil, trace: Trace())
        var facts = PhotoFacts()
        facts.lens = "RF35mm F1.8"
        facts.located = true
        facts.marks = PhotoMarks(rating: 3, flag: .pick, tags: ["Places/Portugal/Lisbon", "tram"])
        let file = DatedFile(fileName: "a.jpg", path: "/photos/a.jpg", size: 10, modified: 20)
        index.store([(file, facts)])
        XCTAssertEqual(index.facts(of: [file])[file.path], facts.checked())
        var none = PhotoFacts()
        none.located = false
        index.store([(file, none)])
        XCTAssertNil(index.facts(of: [file])[file.path]?.marks)
    }
}
