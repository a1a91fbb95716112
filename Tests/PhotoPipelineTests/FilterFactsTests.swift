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

    /// A share's PNG or WebP, read only at its first 16 KiB and its last 64 KiB (as
    /// `DateReader+Share` reads it): the XMP kept after its pixels is found at its end.
    func headAndTail(_ bytes: Data) -> (head: Data, tail: Data, offset: Int, size: Int) {
        let offset = bytes.count - MetadataChunks.tailBytes
        XCTAssertGreaterThan(offset, PhotoFacts.firstBytes, "a gap between the two ends (\(bytes.count) bytes)")
        return (bytes.prefix(PhotoFacts.firstBytes), bytes.suffix(MetadataChunks.tailBytes), offset, bytes.count)
    }

    /// An XMP packet holding `fields` (attributes of its description) and `inside` (elements).
    static func packet(_ fields: String, _ inside: String = "") -> Data {
        Data(("<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?><x:xmpmeta xmlns:x=\"adobe:ns:meta/\">"
              + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\"><rdf:Description rdf:about=\"\""
              + " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:digiKam=\"http://www.digikam.org/ns/1.0/\" \(fields)>\(inside)"
              + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>").utf8)
    }

    func testAShareFilesMetadataIsFoundInItsFirstAndLastBytes() throws {
        // Made here, with no tool (in the idle class beside two spin loops, ImageMagick's WebP
        // of noise took over a minute): a PNG of noise, its pixel chunks hundreds of kilobytes,
        // with its XMP chunk just before IEND, as exiftool leaves one it edits.
        let noise = [UInt8](TestImages.encoded(width: 400, height: 400) { x, y in
            var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
            hash ^= hash << 13; hash ^= hash >> 17; hash ^= hash << 5
            return [UInt8(hash & 0xFF), UInt8(hash >> 8 & 0xFF), UInt8(hash >> 16 & 0xFF)]
        })
        let xmp = PNGChunks.chunk("iTXt", Data("XML:com.adobe.xmp".utf8) + Data([0, 0, 0, 0, 0])
                                  + Self.packet("xmp:Rating=\"4\"", "<digiKam:TagsList><rdf:Seq><rdf:li>Family</rdf:li></rdf:Seq></digiKam:TagsList>"))
        let png = Data(noise.dropLast(12)) + xmp + Data(noise.suffix(12))
        // A WebP whose pixel chunk (its bytes never read) is followed by its XMP chunk, flagged in its VP8X.
        func chunk(_ type: String, _ body: Data) -> Data {
            var length = UInt32(body.count).littleEndian
            return Data(type.utf8) + Data(bytes: &length, count: 4) + body + (body.count % 2 == 1 ? Data([0]) : Data())
        }
        let body = chunk("VP8X", Data([0x04, 0, 0, 0, 99, 0, 0, 99, 0, 0])) + chunk("VP8L", Data(noise.prefix(200_000)))
            + chunk("XMP ", Self.packet("xmp:Rating=\"2\""))
        var riffSize = UInt32(4 + body.count).littleEndian
        let webp = Data("RIFF".utf8) + Data(bytes: &riffSize, count: 4) + Data("WEBP".utf8) + body
        for (name, bytes, expected) in [("PNG", png, PhotoMarks(rating: 4, tags: ["Family"])), ("WebP", webp, PhotoMarks(rating: 2))] {
            let (head, tail, offset, size) = headAndTail(bytes)
            XCTAssertNil(PhotoFacts.readHere(head, parsers: LinkedParsers.libraries)?.marks, "\(name): not read from its first bytes alone")
            let gathered = try XCTUnwrap(MetadataChunks.gathered(head: head, tail: tail, tailOffset: offset, size: size), name)
            XCTAssertEqual(PhotoFacts.readHere(gathered, parsers: LinkedParsers.libraries)?.marks, expected, name)
        }
        // The PNG's XMP chunk forged: a wrong CRC, or a length past the bytes read, and it is not taken.
        let (head, tail, offset, size) = headAndTail(png)
        let type = try XCTUnwrap(Data(tail).range(of: Data("iTXt".utf8))).lowerBound
        var badCRC = [UInt8](tail)
        badCRC[badCRC.count - 13] ^= 0xFF // the XMP chunk's CRC (the IEND chunk's 12 bytes after it).
        XCTAssertNil(MetadataChunks.gathered(head: head, tail: Data(badCRC), tailOffset: offset, size: size), "a wrong CRC")
        var tooLong = [UInt8](tail)
        tooLong[type - 2] = 0xFF // its length's third byte: past the tail's end.
        XCTAssertNil(MetadataChunks.gathered(head: head, tail: Data(tooLong), tailOffset: offset, size: size), "a length past the bytes read")
        XCTAssertNil(MetadataChunks.gathered(head: head, tail: Data(tail.prefix(type + 10)), tailOffset: offset, size: size), "a chunk cut short")

        // A tail made of candidates (a type, then a length that fits, a wrong CRC) is given up
        // on once 1 MiB of them was checked, rather than checked for seconds: a real chunk
        // after them is not looked for.
        let real = [UInt8](xmp)
        var decoys: [UInt8] = []
        for _ in 0..<40 { decoys += [0, 0, 0xEA, 0x60] + Array("iTXt".utf8) }
        let padded = decoys + [UInt8](repeating: 0, count: 60_000) + real
        XCTAssertEqual(MetadataChunks.pngChunks(inTail: [0, 0, 0, 0] + real).count, 1, "the real chunk alone is found")
        XCTAssertEqual(MetadataChunks.pngChunks(inTail: padded).count, 0, "given up on before it")
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
