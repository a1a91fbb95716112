// Why this exists: ratings, picks and rejects are kept in the photo's own XMP where other apps read them (exiftool reads them back), other apps' XMP fields stay, nothing but the XMP changes (a JPEG's scan data and Exif are the same bytes), and an answer that changed more is refused.
import PhotoFormats
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) @testable import PhotoDecoding
import TestAndBenchSupport
import XCTest

final class PhotoMarkingTests: XCTestCase {
    /// The photo's marks as exiftool reads them: "Rating PickLabel" ("-" where a field is absent).
    func marksRead(_ bytes: [UInt8], extra: [String] = []) throws -> String {
        let file = TemporaryFiles.url("marks-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        return try Exiftool.run(["-s3", "-f", "-n", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel"] + extra, file.path).output
            .split(separator: "\n").joined(separator: " ")
    }

    /// A sample converted by ImageMagick (`webp:lossless` and the like in `options`).
    func converted(_ name: String, to type: String, _ options: [String] = []) throws -> [UInt8] {
        let file = TemporaryFiles.url("converted-\(UUID().uuidString).\(type)")
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent(name).path, "-resize", "64x64"] + options + [file.path])
        return [UInt8](try Data(contentsOf: file))
    }

    /// A photo with Exif and another app's XMP (a title and keywords), written by exiftool.
    func taggedCopy(of name: String) throws -> [UInt8] { try taggedCopy([UInt8](SamplePhotos.data(name)), name) }

    func taggedCopy(_ bytes: [UInt8], _ name: String, keywords: [String]) throws -> [UInt8] {
        let file = TemporaryFiles.url("keywords-\(UUID().uuidString)-\(name)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let written = try Exiftool.run(["-q", "-overwrite_original"] + keywords.map { "-XMP-dc:Subject+=\($0)" }, file.path)
        XCTAssertEqual(written.status, 0, written.output)
        return [UInt8](try Data(contentsOf: file))
    }

    func taggedCopy(_ bytes: [UInt8], _ name: String) throws -> [UInt8] {
        let file = TemporaryFiles.url("tagged-\(UUID().uuidString)-\(name)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let written = try Exiftool.run(["-q", "-overwrite_original", "-XMP-dc:Title=Lisbon", "-XMP-dc:Subject=tram",
                                        "-Exif:Artist=Someone"], file.path)
        XCTAssertEqual(written.status, 0, written.output)
        return [UInt8](try Data(contentsOf: file))
    }

    /// The bytes from the first SOS marker: the coded pixels.
    func scanData(_ jpeg: [UInt8]) -> ArraySlice<UInt8> {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at + 1] != 0xDA { at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])) }
        return jpeg[at...]
    }

    func testMarksAreReadBackByExiftoolInAJPEGAPNGAndAWebP() throws {
        let photos = [("rocket.jpg", try taggedCopy(of: "rocket.jpg")), ("horse.png", try taggedCopy(of: "horse.png")),
                      ("lossy.webp", try taggedCopy(try converted("coffee.png", to: "webp"), "lossy.webp")),
                      ("lossless.webp", try taggedCopy(try converted("coffee.png", to: "webp", ["-define", "webp:lossless=true"]), "lossless.webp"))]
        for (name, tagged) in photos {
            var photo = tagged
            var before: PhotoMarks
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(rating: 4), by: .here)
            // (exiftool's keyword "tram" is a tag of the photo: it stays one throughout.)
            XCTAssertEqual(before, PhotoMarks(tags: ["tram"]), name)
            XCTAssertEqual(try marksRead(photo), "4 -", name)
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(flag: .pick), by: .here)
            XCTAssertEqual(before, PhotoMarks(rating: 4, tags: ["tram"]))
            XCTAssertEqual(try marksRead(photo), "4 3", "\(name): a pick keeps the stars")
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(flag: .reject), by: .here)
            XCTAssertEqual(before, PhotoMarks(rating: 4, flag: .pick, tags: ["tram"]))
            XCTAssertEqual(try marksRead(photo), "-1 1", "\(name): a reject is rating -1, as Bridge and darktable write it")
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(rating: 2), by: .here)
            XCTAssertEqual(before, PhotoMarks(flag: .reject, tags: ["tram"]))
            XCTAssertEqual(try marksRead(photo), "2 -", "\(name): stars un-reject")
            // Undo's change: exactly the rating and flag it had.
            (photo, _) = try PhotoMarking.marked(photo, MarksChange(rating: 2).undoing(PhotoMarks(rating: 4, flag: .pick)), by: .here)
            XCTAssertEqual(try marksRead(photo, extra: ["-XMP-dc:Title", "-XMP-dc:Subject", "-Exif:Artist"]), "4 3 Lisbon tram Someone",
                           "\(name): the other app's fields stay")
        }
    }

    /// Tags as digiKam, Lightroom and every other app read them, added and removed; another
    /// app's keyword stays; a rating leaves the keywords be.
    func testTagsAreReadBackByExiftool() throws {
        func tags(_ bytes: [UInt8]) throws -> String {
            let file = TemporaryFiles.url("tags-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: file) }
            try Data(bytes).write(to: file)
            return try Exiftool.run(["-s3", "-f", "-XMP-digiKam:TagsList", "-XMP-lr:HierarchicalSubject", "-XMP-dc:Subject"], file.path).output
                .split(separator: "\n").joined(separator: " / ")
        }
        for name in ["rocket.jpg", "horse.png"] {
            // exiftool gave it the keyword "tram" (dc:subject alone).
            var photo = try taggedCopy(of: name), before: PhotoMarks
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(addTags: ["Places/ Portugal /Lisbon", "Sea"]), by: .here)
            XCTAssertEqual(before.tags, ["tram"], "\(name): a keyword no path ends with is a tag")
            XCTAssertEqual(try tags(photo), "tram, Places/Portugal/Lisbon, Sea / tram, Places|Portugal|Lisbon, Sea / tram, Lisbon, Sea", name)
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(rating: 2), by: .here)
            XCTAssertEqual(before.tags, ["tram", "Places/Portugal/Lisbon", "Sea"])
            XCTAssertEqual(try tags(photo), "tram, Places/Portugal/Lisbon, Sea / tram, Places|Portugal|Lisbon, Sea / tram, Lisbon, Sea", "\(name): a rating leaves the tags")
            (photo, before) = try PhotoMarking.marked(photo, MarksChange(removeTags: ["Sea"]), by: .here)
            XCTAssertEqual(try tags(photo), "tram, Places/Portugal/Lisbon / tram, Places|Portugal|Lisbon / tram, Lisbon", "\(name): removed everywhere")
            // Undo of the removal: the tags it had.
            (photo, _) = try PhotoMarking.marked(photo, MarksChange(removeTags: ["Sea"]).undoing(before), by: .here)
            XCTAssertEqual(try tags(photo), "tram, Places/Portugal/Lisbon, Sea / tram, Places|Portugal|Lisbon, Sea / tram, Lisbon, Sea", "\(name): undone")
            XCTAssertEqual(try marksRead(photo), "2 -", "\(name): the rating stays")
        }
        XCTAssertEqual(PhotoTags.cleaned(["a|b", " / x//y ", "\u{7}bell", "x/y"]), ["ab", "x/y", "bell"])
        // More keywords than the app keeps: a tag change is refused, not written back without the rest.
        let many = try taggedCopy(try taggedCopy(of: "rocket.jpg"), "many.jpg", keywords: (0..<250).map { "k\($0)" })
        XCTAssertThrowsError(try PhotoMarking.marked(many, MarksChange(addTags: ["Sea"]), by: .here))
        XCTAssertNoThrow(try PhotoMarking.marked(many, MarksChange(rating: 3), by: .here), "a rating leaves them be")
    }

    func testOnlyTheXMPChanges() throws {
        let original = try taggedCopy(of: "rocket.jpg")
        let (marked, _) = try PhotoMarking.marked(original, MarksChange(rating: 5), by: .here)
        XCTAssertEqual(scanData(marked), scanData(original), "the coded pixels are the same bytes")
        // Every segment but the XMP, in order.
        func segments(_ jpeg: [UInt8]) -> [[UInt8]] {
            var found: [[UInt8]] = [], at = 2
            while at + 4 <= jpeg.count, jpeg[at + 1] != 0xDA {
                let end = at + 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
                let segment = Array(jpeg[at..<end])
                if !segment.dropFirst(4).starts(with: Array("http://ns.adobe.com/xap/1.0/".utf8)) { found.append(segment) }
                at = end
            }
            return found
        }
        XCTAssertEqual(segments(marked), segments(original))
        XCTAssertGreaterThan(segments(original).count, 3)
    }

    func testAnAnswerThatChangedMoreIsRefused() throws {
        let original = try taggedCopy(of: "rocket.jpg")
        let (marked, _) = try PhotoMarking.markedHere(original, MarksChange(rating: 3), parsers: LinkedParsers.libraries)
        XCTAssertNoThrow(try XMPReplacement.check(marked, against: original))
        var pixel = marked
        pixel[pixel.count - 10] ^= 0x01
        XCTAssertThrowsError(try XMPReplacement.check(pixel, against: original), "a coded pixel changed")
        var exif = marked
        let artist = exif.indices.first { exif[$0...].starts(with: Array("Someone".utf8)) }!
        exif[artist] = UInt8(ascii: "N")
        XCTAssertThrowsError(try XMPReplacement.check(exif, against: original), "the Exif changed")
        let plain = [UInt8](SamplePhotos.data("rocket.jpg"))
        XCTAssertThrowsError(try XMPReplacement.check(plain, against: plain), "no XMP: not an answer")
        let twice = try XMPReplacement.replaced(marked, packet: Array("<x:xmpmeta/>".utf8))
        XCTAssertNoThrow(try XMPReplacement.check(twice, against: original), "one packet, replaced")
        var doubled = Array(twice[0..<2]) + Array(twice[2...])
        let segment = [0xFF, 0xE1, 0x00, UInt8(2 + 29 + 3)] + Array("http://ns.adobe.com/xap/1.0/\0".utf8) + Array("<a>".utf8)
        doubled.insert(contentsOf: segment, at: 2)
        XCTAssertThrowsError(try XMPReplacement.check(doubled, against: original), "two packets")
    }

    /// A simple WebP (no VP8X header) gets one, made from its own image, that says XMP follows;
    /// ImageMagick still reads the same pixels.
    func testASimpleWebPGetsItsHeader() throws {
        for options in [[], ["-define", "webp:lossless=true"], ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "-define", "webp:lossless=true"]] {
            let simple = try converted("coffee.png", to: "webp", options)
            XCTAssertEqual(Array(simple[12..<15]), Array("VP8".utf8), "\(options): a simple WebP")
            let (marked, _) = try PhotoMarking.marked(simple, MarksChange(rating: 3), by: .here)
            XCTAssertEqual(Array(marked[12..<16]), Array("VP8X".utf8))
            XCTAssertEqual(try marksRead(marked, extra: ["-ImageWidth", "-ImageHeight"]), "3 - 64 43", "\(options)")
            XCTAssertEqual(marked[20] & 0x10 != 0, options.contains("-alpha"), "\(options): the alpha bit as the image has it")
            func pixels(_ bytes: [UInt8]) throws -> String {
                let file = TemporaryFiles.url("pixels-\(UUID().uuidString).webp")
                defer { try? FileManager.default.removeItem(at: file) }
                try Data(bytes).write(to: file)
                return try Tool.run("/bin/sh", ["-c", "convert \"$0\" -depth 8 rgba:- | sha256sum", file.path]).output
            }
            XCTAssertEqual(try pixels(marked), try pixels(simple), "\(options): the same pixels")
            // A header whose canvas is not the image's, or image data changed, is refused.
            var canvas = marked
            canvas[24] ^= 1
            XCTAssertThrowsError(try XMPReplacement.check(canvas, against: simple))
            var data = marked
            data[40] ^= 1
            XCTAssertThrowsError(try XMPReplacement.check(data, against: simple))
        }
    }

    /// Cut short or with bytes changed anywhere, a file is placed in or refused, never a trap
    /// (these readers run on the user's bytes in the helper, and on the helper's in the app).
    func testDamagedFilesNeverTrap() throws {
        let files = [[UInt8](SamplePhotos.data("rocket.jpg")).prefix(4000), try converted("coffee.png", to: "png").prefix(3000),
                     try converted("coffee.png", to: "webp").prefix(3000)].map(Array.init)
        var generator = SystemRandomNumberGenerator()
        for file in files {
            for length in stride(from: 0, to: file.count, by: 7) {
                var bytes = Array(file.prefix(length))
                if !bytes.isEmpty, length % 3 == 0 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= 0xFF }
                if let placed = try? XMPReplacement.replaced(bytes, packet: Array("<x/>".utf8)) {
                    XCTAssertNoThrow(try XMPReplacement.check(placed, against: bytes), "a placement passes its own check")
                }
                try? XMPReplacement.check(bytes, against: file)
            }
        }
    }

    func testFilesOfOtherKindsAreRefusedWithTheReason() {
        let gif = [UInt8]("GIF89a".utf8) + [UInt8](repeating: 0, count: 32)
        XCTAssertThrowsError(try PhotoMarking.marked(gif, MarksChange(rating: 1), by: .here)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "ratings and picks are kept only in JPEG, PNG, WebP and TIFF photos so far")
        }
        // A drawing starts as an XMP packet does: it is a photo all the same, never replaced by a packet.
        let svg = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#.utf8)
        XCTAssertThrowsError(try PhotoMarking.marked(svg, MarksChange(rating: 1), by: .here)) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, "ratings and picks are kept only in JPEG, PNG, WebP and TIFF photos so far")
        }
        XCTAssertThrowsError(try PhotoMarking.marked([UInt8](SamplePhotos.data("rocket.jpg")), MarksChange(rating: 1), by: .here, sidecar: true),
                             "a photo is not a sidecar")
        // A JPEG cut before its image data cannot be followed.
        let cut = Array(SamplePhotos.data("rocket.jpg").prefix(300))
        XCTAssertThrowsError(try PhotoMarking.marked(cut, MarksChange(rating: 1), by: .here))
    }

    /// A HEIC (whose XMP the app does not place) and a read-only JPEG keep their marks and tags
    /// in a sidecar beside them, NAME.EXT.xmp, which exiftool reads; the photos stay as they were.
    func testAHEICAndAReadOnlyPhotoKeepTheirMarksInASidecar() throws {
        let folder = TemporaryFiles.url("sidecars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let heic = folder.appendingPathComponent("b.heic"), jpeg = folder.appendingPathComponent("a.jpg")
        try Data(try converted("coffee.png", to: "heic")).write(to: heic)
        try SamplePhotos.data("rocket.jpg").write(to: jpeg)
        XCTAssertEqual(chmod(jpeg.path, 0o444), 0)
        for photo in [heic, jpeg] {
            let bytes = try Data(contentsOf: photo)
            XCTAssertTrue(PhotoMarking.keepsBeside(photo.path))
            XCTAssertEqual(try PhotoMarking.mark(photo.path, MarksChange(rating: 3, addTags: ["Places/Lisbon"]), by: .here), PhotoMarks())
            XCTAssertEqual(try PhotoMarking.mark(photo.path, MarksChange(flag: .pick), by: .here), PhotoMarks(rating: 3, tags: ["Places/Lisbon"]))
            XCTAssertEqual(try Data(contentsOf: photo), bytes, "\(photo.lastPathComponent) is untouched")
            let sidecar = photo.path + ".xmp"
            XCTAssertEqual(try Exiftool.run(["-s3", "-f", "-XMP-xmp:Rating", "-XMP-digiKam:PickLabel", "-XMP-digiKam:TagsList"], sidecar).output
                .split(separator: "\n").joined(separator: " "), "3 3 Places/Lisbon", photo.lastPathComponent)
            let read = try XCTUnwrap(PhotoMarking.sidecarMarks(ofPhoto: photo.path, by: .here))
            XCTAssertEqual(read.marks, PhotoMarks(rating: 3, flag: .pick, tags: ["Places/Lisbon"]))
        }
    }

    /// A sidecar another program writes while the app changes it (darktable, digiKam) is never
    /// overwritten: the change is refused, and theirs stays; so is one made where there was none.
    func testASidecarChangedMeanwhileIsNeverOverwritten() throws {
        let sidecar = TemporaryFiles.url("meanwhile-\(UUID().uuidString).jpg.xmp").path
        defer { unlink(sidecar) }
        for existed in [false, true] {
            if existed { try Data(SidecarFile.emptyPacket).write(to: URL(fileURLWithPath: sidecar)) }
            let theirs = Data("<x:xmpmeta xmlns:x='adobe:ns:meta/'/><!-- theirs \(existed) -->".utf8)
            XCTAssertThrowsError(try SidecarFile.rewrite(sidecar) { (old) throws(TurnRefusal) in
                // Another program writes it now, between the app's read and its rename.
                try? FileManager.default.removeItem(atPath: sidecar)
                try? theirs.write(to: URL(fileURLWithPath: sidecar))
                return old + Array("ours".utf8)
            }, "existed: \(existed)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sidecar)), theirs, "existed: \(existed): theirs stays")
            unlink(sidecar)
        }
    }

    /// Where a photo and its sidecar both have marks, the newer one shows.
    func testTheNewerOfThePhotoAndItsSidecarShows() {
        var own = PhotoDetails()
        own.marks = PhotoMarks(rating: 1)
        let sidecar = (marks: PhotoMarks(rating: 4), modified: 200.0)
        XCTAssertEqual(PhotoMarking.shown(own, photoModified: 100, sidecar: sidecar)?.marks, PhotoMarks(rating: 4), "the sidecar is newer")
        XCTAssertEqual(PhotoMarking.shown(own, photoModified: 300, sidecar: sidecar)?.marks, PhotoMarks(rating: 1), "the photo is newer")
        XCTAssertEqual(PhotoMarking.shown(nil, photoModified: 300, sidecar: sidecar)?.marks, PhotoMarks(rating: 4), "the photo has none")
        XCTAssertEqual(PhotoMarking.shown(own, photoModified: 100, sidecar: nil)?.marks, PhotoMarks(rating: 1))
    }

    /// In place, through the same safe rewrite as Rotate.
    func testAPhotosFileIsMarkedInPlace() throws {
        let file = TemporaryFiles.url("in-place-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try SamplePhotos.data("grace_hopper.jpg").write(to: file)
        let before = try PhotoMarking.mark(file.path, MarksChange(rating: 3), by: .here)
        XCTAssertEqual(before, PhotoMarks())
        XCTAssertEqual(try marksRead([UInt8](Data(contentsOf: file))), "3 -")
    }
}
