// Why this exists: Rotate never touches a coded pixel: a JPEG turned four times is its own bytes again and its scan data never changes, a JPEG or TIFF without the tag gets one that exiftool reads, a HEIC gets an `irot` libheif applies, a damaged file is refused without a trap, and the rewrite keeps mode and attributes and never overwrites another program's change.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import GLibIO
import TestAndBenchSupport
import XCTest

final class PhotoTurningTests: XCTestCase {
    func testQuarterTurnsComeRoundAndUndoEachOther() {
        for orientation in 1...8 {
            var turned = orientation
            for _ in 0..<4 { turned = QuarterTurn.clockwise.turning(orientation: turned) }
            XCTAssertEqual(turned, orientation)
            XCTAssertEqual(QuarterTurn.anticlockwise.turning(orientation: QuarterTurn.clockwise.turning(orientation: orientation)), orientation)
        }
        XCTAssertEqual(QuarterTurn.clockwise.turning(orientation: 1), 6, "EXIF 6: turned 90° clockwise to view")
        XCTAssertEqual(QuarterTurn.clockwise.turning(irot: 0), 3, "irot counts anticlockwise")
    }

    /// The bytes from the first SOS marker: the coded pixels.
    func scanData(_ jpeg: [UInt8]) -> ArraySlice<UInt8> {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at + 1] != 0xDA { at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])) }
        return jpeg[at...]
    }

    func exifOrientation(_ bytes: [UInt8]) throws -> String {
        let file = TemporaryFiles.url("orientation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        return try Exiftool.run(["-s3", "-n", "-Orientation", "-Artist"], file.path).output
            .split(separator: "\n").joined(separator: " ")
    }

    func testAJPEGTurnedFourTimesIsItselfAndItsPixelsNeverChange() throws {
        let original = [UInt8](OrientedPhotos.jpeg(orientation: 6))
        var turned = original
        for step in 1...4 {
            turned = try PhotoTurning.turned(turned, .clockwise, by: .here)
            XCTAssertEqual(scanData(turned), scanData(original), "turn \(step): the scan data is untouched")
            XCTAssertEqual(turned.count, original.count, "only the tag's bytes change")
        }
        XCTAssertEqual(turned, original, "four turns: the same file")
        XCTAssertEqual(try exifOrientation(try PhotoTurning.turned(original, .clockwise, by: .here)), "3")
        XCTAssertEqual(try exifOrientation(try PhotoTurning.turned(original, .anticlockwise, by: .here)), "1")
    }

    func testAJPEGOrTIFFWithoutTheTagGetsOne() throws {
        // No EXIF at all.
        let bare = [UInt8](OrientedPhotos.jpeg(orientation: 1))
        let withExif = try PhotoTurning.turned(bare, .clockwise, by: .here)
        XCTAssertEqual(try exifOrientation(withExif), "6")
        XCTAssertEqual(scanData(withExif), scanData(bare))
        XCTAssertNotNil(TestImages.decode(Data(withExif)), "it still decodes")
        // EXIF without an orientation: IFD0 copied with it, the other tags kept.
        let file = TemporaryFiles.url("artist-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bare).write(to: file)
        _ = try Exiftool.run(["-q", "-overwrite_original", "-Artist=Ansel"], file.path)
        let tagged = [UInt8](try Data(contentsOf: file))
        XCTAssertEqual(try exifOrientation(tagged), "Ansel")
        XCTAssertEqual(try exifOrientation(try PhotoTurning.turned(tagged, .anticlockwise, by: .here)), "8 Ansel")
        // A TIFF.
        let tiff = TemporaryFiles.url("turn-\(UUID().uuidString).tif")
        defer { try? FileManager.default.removeItem(at: tiff) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "64x64", tiff.path])
        let turnedTIFF = try PhotoTurning.turned([UInt8](try Data(contentsOf: tiff)), .clockwise, by: .here)
        XCTAssertEqual(try exifOrientation(turnedTIFF), "6")
    }

    func testAHEICGetsAnIrotLibheifApplies() throws {
        let heic = TemporaryFiles.url("turn-\(UUID().uuidString).heic"), out = TemporaryFiles.url("turned-\(UUID().uuidString).png")
        defer { for file in [heic, out] { try? FileManager.default.removeItem(at: file) } }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "64x64", heic.path])
        let original = [UInt8](try Data(contentsOf: heic))
        let once = try PhotoTurning.turned(original, .clockwise, by: .here)
        let twice = try PhotoTurning.turned(once, .clockwise, by: .here)
        XCTAssertEqual(twice.count, once.count, "the second turn rewrites the irot added by the first")
        for (bytes, size) in [(once, "43x64"), (twice, "64x43")] {
            try Data(bytes).write(to: heic)
            _ = try Tool.run("/usr/bin/heif-convert", [heic.path, out.path])
            let decoded = try XCTUnwrap(TestImages.decode(try Data(contentsOf: out)))
            XCTAssertEqual("\(decoded.width)x\(decoded.height)", size)
        }
    }

    func testDamagedOrOtherPhotosAreRefusedWithoutATrap() throws {
        let heic = TemporaryFiles.url("damage-\(UUID().uuidString).heic")
        defer { try? FileManager.default.removeItem(at: heic) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "32x32", heic.path])
        var generator = SystemRandomNumberGenerator()
        let png = [UInt8](TestImages.encoded(width: 24, height: 16) { x, y in [UInt8(x * 10), UInt8(y * 15), 99] })
        for sample in [[UInt8](OrientedPhotos.jpeg(orientation: 3)), [UInt8](try Data(contentsOf: heic)), png] {
            for length in stride(from: 0, to: sample.count, by: 7) { _ = try? PhotoTurning.turned(Array(sample.prefix(length)), .clockwise, by: .here) }
            for _ in 0..<2_000 {
                var damaged = sample
                for _ in 0..<3 { damaged[Int.random(in: 0..<min(damaged.count, 600), using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
                _ = try? PhotoTurning.turned(damaged, .anticlockwise, by: .here)
            }
        }
        // A meta box too short for its own version and flags: refused, not a trap.
        let shortMeta: [UInt8] = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0] + [0, 0, 0, 10] + Array("meta".utf8) + [0, 0]
        XCTAssertThrowsError(try PhotoTurning.turned(shortMeta, .clockwise, by: .here))
        let webp = TemporaryFiles.url("turn-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: webp) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "32x32", webp.path])
        XCTAssertThrowsError(try PhotoTurning.turned([UInt8](try Data(contentsOf: webp)), .clockwise, by: .here)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "a lossy WebP cannot be turned without re-encoding it")
        }
    }

    /// A small PNG whose pixels expand past 64 MB (4,200² RGBA, 70 MB, from 70 KB of zlib) is
    /// refused from its header, with the reason, before anything is expanded: a 498 KB one took
    /// the app to 1.65 GB on Ctrl+R.
    func testAPNGThatWouldExpandPastItsBoundIsRefusedFromItsHeader() throws {
        let side = 4_200
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let header = be32(side) + be32(side) + [8, 6, 0, 0, 0]
        let scanlines = try Deflate.zlib(Data(count: side * (side * 4 + 1)))
        XCTAssertLessThan(scanlines.count, 1 << 20, "a small file")
        let file = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](PNGChunks.chunk("IHDR", Data(header)))
            + [UInt8](PNGChunks.chunk("IDAT", scanlines)) + [UInt8](PNGChunks.chunk("IEND", Data()))
        XCTAssertThrowsError(try PhotoTurning.turned(file, .clockwise, by: .here)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "its pixels would take more than 64 MB to turn")
        }
    }

    /// A HEIF whose iloc gives a base offset near Int.max (64-bit, as the format allows): adding
    /// the irot's growth to it overflowed and stopped the app (exit 132). Refused with the reason.
    func testAHEIFWhoseOffsetsWouldOverflowIsRefused() throws {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
        let pitm = box("pitm", [0, 0, 0, 0, 0, 1])
        // Version 1; 4-byte offsets and lengths, 8-byte base offsets; one item, one extent.
        for base: [UInt8] in [[0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0]] {
            let iloc = box("iloc", [1, 0, 0, 0, 0x44, 0x80, 0, 1] + [0, 1, 0, 0, 0, 0] + base + [0, 1] + be32(0) + be32(10))
            let ipco = box("ipco", box("ispe", [0, 0, 0, 0] + be32(64) + be32(64)))
            let ipma = box("ipma", [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0x81])
            let meta = box("meta", [0, 0, 0, 0] + pitm + iloc + box("iprp", ipco + ipma))
            let file = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta + box("mdat", [UInt8](repeating: 0, count: 10))
            XCTAssertThrowsError(try PhotoTurning.turned(file, .clockwise, by: .here)) { error in
                XCTAssertEqual((error as? TurnRefusal)?.reason.description, "its HEIF boxes are too large to rewrite")
            }
        }
    }

    func testTheRewriteKeepsModeAndAttributesAndNeverOverwritesAnotherChange() throws {
        let file = TemporaryFiles.url("rewrite-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        let original = OrientedPhotos.jpeg(orientation: 1)
        try original.write(to: file)
        XCTAssertEqual(chmod(file.path, 0o640), 0)
        let hasAttributes = try Tool.run("/bin/sh", ["-c", "python3 -c 'import os, sys; os.setxattr(sys.argv[1], \"user.tag\", b\"kept\")' \"$0\"", file.path]).status == 0
        try PhotoTurning.turn(file.path, .clockwise)
        XCTAssertEqual(try exifOrientation([UInt8](try Data(contentsOf: file))), "6")
        var info = stat()
        XCTAssertEqual(stat(file.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o640)
        if hasAttributes {
            XCTAssertEqual(FileAttributes.string("xattr::tag", ofPath: file.path), "kept", "the extended attribute is kept")
        }
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).allSatisfy { !$0.contains(".turning-") })

        // Another program writes the photo between the read and the rename: its write stays.
        let theirs = Data("their edit".utf8)
        XCTAssertThrowsError(try PhotoRewrite.rewrite(file.path) { bytes in
            try? theirs.write(to: file)
            return bytes
        })
        XCTAssertEqual(try Data(contentsOf: file), theirs)

        // A link (a folder gallery follows links): the photo it leads to turns; the link stays.
        let link = TemporaryFiles.url("rewrite-link-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: link) }
        try original.write(to: file)
        XCTAssertEqual(symlink(file.path, link.path), 0)
        try PhotoTurning.turn(link.path, .clockwise)
        XCTAssertEqual(try exifOrientation([UInt8](try Data(contentsOf: file))), "6", "the photo the link leads to turned")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), file.path, "the link stays a link")

        // Read-only: refused, unchanged.
        try original.write(to: file)
        XCTAssertEqual(chmod(file.path, 0o444), 0)
        XCTAssertThrowsError(try PhotoTurning.turn(file.path, .clockwise)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason, Words("the photo is read-only"))
        }
        XCTAssertEqual(try Data(contentsOf: file), original)
    }

    /// The raw samples ImageMagick reads from a picture, at 16 bits, with its size.
    func samples(_ bytes: [UInt8]) throws -> String {
        let file = TemporaryFiles.url("samples-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let size = try Tool.run("/usr/bin/identify", ["-format", "%wx%h %z %[type] ", file.path]).output
        let digest = try Tool.run("/bin/sh", ["-c", "convert \"$0\" -depth 16 rgba:- | sha256sum", file.path]).output
        return size + digest.prefix(16)
    }

    /// A PNG turned keeps every sample at its own depth and type (8-bit RGB, a palette, 16-bit,
    /// grey with alpha): each quarter turn is the picture turned, four give the same samples, and
    /// its other chunks (its text) stay.
    /// The 60 × 40 photo at `made` turned clockwise once (40 × 60, the picture ImageMagick's own
    /// turn makes), and four times.
    func turnedLikeImageMagick(_ made: URL, _ label: String) throws -> (once: [UInt8], four: [UInt8]) {
        let once = try PhotoTurning.turned([UInt8](try Data(contentsOf: made)), .clockwise, by: .here)
        let expected = TemporaryFiles.url("expected-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: expected) }
        _ = try Tool.run("/usr/bin/convert", [made.path, "-rotate", "90", expected.path])
        let turnedSamples = try samples(once), expectedSamples = try samples([UInt8](try Data(contentsOf: expected)))
        XCTAssertEqual(turnedSamples.split(separator: " ").first, "40x60", label)
        XCTAssertEqual(turnedSamples.split(separator: " ").last, expectedSamples.split(separator: " ").last, "\(label): the picture turned clockwise")
        var four = once
        for _ in 0..<3 { four = try PhotoTurning.turned(four, .clockwise, by: .here) }
        return (once, four)
    }

    func testAPNGIsTurnedLosslesslyAtItsOwnDepth() throws {
        let source = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        let made = TemporaryFiles.url("png-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: made) }
        for options in [["-resize", "60x40"], ["-resize", "60x40", "-colors", "64", "PNG8:"], ["-resize", "60x40", "-depth", "16"],
                        ["-resize", "60x40", "-colorspace", "Gray", "-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "+channel"]] {
            let output = options.last == "PNG8:" ? "PNG8:" + made.path : made.path
            _ = try Tool.run("/usr/bin/convert", [source] + options.filter { $0 != "PNG8:" } + [output])
            _ = try Exiftool.run(["-q", "-overwrite_original", "-Artist=Ansel"], made.path)
            let original = [UInt8](try Data(contentsOf: made))
            let (_, turned) = try turnedLikeImageMagick(made, "\(options)")
            XCTAssertEqual(try samples(turned), try samples(original), "\(options): four turns, the same samples, depth and type")
            XCTAssertEqual(try exifOrientation(turned), "Ansel", "\(options): its text is kept")
        }
    }

    /// A lossless WebP (with and without transparency, its EXIF in an extended file): turned once
    /// it is the picture ImageMagick turns; four times, the same pixels as before, to the last
    /// value; its EXIF kept. An animated one is refused.
    func testALosslessWebPIsTurnedExactlyAndKeepsItsDetails() throws {
        let source = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        let made = TemporaryFiles.url("webp-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: made) }
        for options in [["-resize", "60x40"], ["-resize", "60x40", "-alpha", "set", "-channel", "A", "-evaluate", "set", "60%", "+channel"]] {
            _ = try Tool.run("/usr/bin/convert", [source] + options + ["-define", "webp:lossless=true", "-define", "webp:exact=true", made.path])
            _ = try Exiftool.run(["-q", "-overwrite_original", "-Artist=Ansel"], made.path)
            let original = [UInt8](try Data(contentsOf: made))
            XCTAssertTrue(original.count > 30 && String(decoding: original[12..<16], as: UTF8.self) == "VP8X", "\(options): an extended WebP, its EXIF in a chunk")
            let (once, turned) = try turnedLikeImageMagick(made, "\(options)")
            XCTAssertEqual(try samples(turned).split(separator: " ").last, try samples(original).split(separator: " ").last, "\(options): four turns, the same pixels")
            let back = try PhotoTurning.turned(once, .anticlockwise, by: .here)
            XCTAssertEqual(try samples(back).split(separator: " ").last, try samples(original).split(separator: " ").last, "\(options): undone")
            XCTAssertEqual(try exifOrientation(turned), "Ansel", "\(options): its EXIF is kept")
        }
        let animated = TemporaryFiles.url("webp-animated-\(UUID().uuidString).webp")
        defer { try? FileManager.default.removeItem(at: animated) }
        _ = try Tool.run("/usr/bin/convert", ["-delay", "20", source, "-resize", "30x20", "(", source, "-resize", "30x20", "-negate", ")",
                                              "-loop", "0", "-define", "webp:lossless=true", animated.path])
        XCTAssertThrowsError(try PhotoTurning.turned([UInt8](try Data(contentsOf: animated)), .clockwise, by: .here)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "an animated WebP cannot be turned without re-encoding it")
        }
    }
}
