// Why this exists: a JPEG, TIFF or HEIC is turned in a helper, and the app takes the answer only if it differs from the original by what the orientation edit may change: each true answer is taken, and answers forged as a compromised helper would forge them (the wrong turn, a new EXIF block carrying more than the orientation, an entry of IFD0 dropped from its copy, the picture's data moved) are refused; so is every answer with any one byte of its header changed.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import TestAndBenchSupport
import XCTest

final class OrientationEditCheckTests: XCTestCase {
    let notTheTurn = "the helper that turned it changed more than its orientation"

    func check(_ answer: [UInt8], _ original: [UInt8], _ turn: QuarterTurn = .clockwise) throws {
        try PhotoTurning.check(answer, against: original, turn, PhotoTurning.kind(of: original))
    }

    func refused(_ answer: [UInt8], _ original: [UInt8], _ turn: QuarterTurn = .clockwise, _ what: String,
                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try check(answer, original, turn), what, file: file, line: line) { error in
            XCTAssertEqual((error as? TurnRefusal)?.reason.description, notTheTurn, what, file: file, line: line)
        }
    }

    /// The true answer is taken, the other turn's refused, and so is the true answer with any one
    /// of the bytes in `range` changed.
    func assertOnlyTheTurnIsTaken(_ original: [UInt8], flipping range: (([UInt8]) -> Range<Int>), _ name: String,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        let answer = try PhotoTurning.turnedHere(original, .clockwise, parsers: LinkedParsers.libraries)
        XCTAssertNotEqual(answer, original, name, file: file, line: line)
        XCTAssertNoThrow(try check(answer, original), "\(name): the true answer", file: file, line: line)
        refused(try PhotoTurning.turnedHere(original, .anticlockwise, parsers: LinkedParsers.libraries), original, .clockwise, "\(name): the other turn", file: file, line: line)
        refused(original, original, .clockwise, "\(name): no turn at all", file: file, line: line)
        var taken: [Int] = []
        for at in range(answer) {
            var forged = answer
            forged[at] ^= 0x41
            if (try? check(forged, original)) != nil { taken.append(at) }
        }
        XCTAssertEqual(taken, [], "\(name): answers with one byte changed (at these offsets) were taken", file: file, line: line)
    }

    /// The answer's header and the first of its picture: where a forgery would go.
    func start(_ bytes: [UInt8]) -> Range<Int> { 0..<min(bytes.count, 1_500) }

    func testAJPEGsTurnIsTakenOnlyAsTheOrientationEdit() throws {
        // The tag rewritten in place.
        try assertOnlyTheTurnIsTaken([UInt8](OrientedPhotos.jpeg(orientation: 3)), flipping: start, "a JPEG with the tag")
        // No EXIF: a new segment after JFIF's.
        let bare = [UInt8](OrientedPhotos.jpeg(orientation: 1))
        try assertOnlyTheTurnIsTaken(bare, flipping: start, "a JPEG without EXIF")
        // EXIF without the tag: IFD0 copied to the block's end, with it.
        let file = TemporaryFiles.url("artist-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bare).write(to: file)
        _ = try Exiftool.run(["-q", "-overwrite_original", "-Artist=Ansel", "-Make=Camera"], file.path)
        let tagged = [UInt8](try Data(contentsOf: file))
        try assertOnlyTheTurnIsTaken(tagged, flipping: start, "a JPEG whose IFD0 has no orientation")

        // A new EXIF block that carries a location too (IFD0 with a GPS pointer beside the orientation).
        let header = try JPEGHeader(bare)
        let at = header.pieces[header.newExifIndex].range.lowerBound
        let gps: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 2, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0,
                            0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 38, 0, 0, 0, 0] + [0, 0]
        let segment: [UInt8] = [0xFF, 0xE1, 0, UInt8(2 + 6 + gps.count)] + JPEGHeader.exifHeader + gps
        refused(Array(bare[..<at]) + segment + bare[at...], bare, .clockwise, "a new EXIF block with a location")
        // The true new block, put after the quantisation tables instead.
        let answer = try PhotoTurning.turnedHere(bare, .clockwise, parsers: LinkedParsers.libraries)
        let added = try JPEGHeader(answer).pieces[header.newExifIndex].range
        let later = header.pieces[header.newExifIndex + 1].range.upperBound
        refused(Array(bare[..<later]) + answer[added] + bare[later...], bare, .clockwise, "the new block elsewhere")
        // IFD0's copy without one of its entries (the Artist), the header's count and sizes made to agree.
        refused(try withoutLastKeptEntry(try PhotoTurning.turnedHere(tagged, .clockwise, parsers: LinkedParsers.libraries)), tagged, .clockwise, "an entry dropped from IFD0's copy")
    }

    /// A turned JPEG whose IFD0 copy has lost its last entry but the orientation, every size made
    /// to agree (the forgery a helper would have to make to drop a tag unseen).
    func withoutLastKeptEntry(_ answer: [UInt8]) throws -> [UInt8] {
        let header = try JPEGHeader(answer)
        let index = try XCTUnwrap(header.exifIndex(in: answer))
        var block = TIFFBytes(unchecked: Array(header.exifBlock(index, in: answer)), little: answer[header.pieces[index].payload!.lowerBound + 6] == 0x49)
        let ifd = try block.u32(4), count = try block.u16(ifd)
        let entries = (0..<count).map { Array(block.bytes[(ifd + 2 + 12 * $0)..<(ifd + 14 + 12 * $0)]) }
        let dropped = try XCTUnwrap(entries.lastIndex { (try? TIFFBytes(unchecked: $0, little: block.little).u16(0)) != 0x0112 })
        var kept = entries
        kept.remove(at: dropped)
        let next = Array(block.bytes[(ifd + 2 + 12 * count)..<(ifd + 6 + 12 * count)])
        block.put16(count - 1, at: ifd)
        block.bytes = Array(block.bytes[..<(ifd + 2)]) + kept.flatMap { $0 } + next
        let segment = header.pieces[index].range
        let length = 2 + 6 + block.bytes.count
        return Array(answer[..<segment.lowerBound]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + JPEGHeader.exifHeader + block.bytes + answer[segment.upperBound...]
    }

    func testATIFFsTurnIsTakenOnlyAsTheOrientationEdit() throws {
        let tiff = TemporaryFiles.url("turn-\(UUID().uuidString).tif")
        defer { try? FileManager.default.removeItem(at: tiff) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "16x16", tiff.path])
        // ImageMagick writes the tag: rewritten in place. Without it: IFD0 copied to the end.
        try assertOnlyTheTurnIsTaken([UInt8](try Data(contentsOf: tiff)), flipping: { 0..<$0.count }, "a TIFF with the tag")
        _ = try Exiftool.run(["-q", "-overwrite_original", "-Orientation="], tiff.path)
        let untagged = [UInt8](try Data(contentsOf: tiff))
        XCTAssertEqual(try Exiftool.run(["-s3", "-Orientation"], tiff.path).output, "", "no tag")
        try assertOnlyTheTurnIsTaken(untagged, flipping: { 0..<$0.count }, "a TIFF without the tag")
    }

    func testAHEICsTurnIsTakenOnlyAsTheIrotEdit() throws {
        let heic = TemporaryFiles.url("turn-\(UUID().uuidString).heic")
        defer { try? FileManager.default.removeItem(at: heic) }
        _ = try Tool.run("/usr/bin/convert", [SamplePhotos.directory.appendingPathComponent("coffee.png").path, "-resize", "32x32", heic.path])
        let original = [UInt8](try Data(contentsOf: heic))
        let turned = try XCTUnwrap(HEIFRotation.adding(quarterTurns: 1, to: Data(original)).map { [UInt8]($0) })
        // Every byte up to the image data: the boxes before meta, meta, and the first of mdat.
        try assertOnlyTheTurnIsTaken(original, flipping: start, "a HEIC without irot")
        try assertOnlyTheTurnIsTaken(turned, flipping: start, "a HEIC with irot")
        // Anything after the image data.
        let answer = try PhotoTurning.turnedHere(original, .clockwise, parsers: LinkedParsers.libraries)
        refused(answer + [0], original, .clockwise, "a byte after the image data")
        // A mirrored image, which the edit refuses (a turn after a mirror is another picture):
        // an answer with an irot added all the same.
        let mirrored = try XCTUnwrap(Self.renamingBox("irot", to: "imir", in: turned))
        XCTAssertThrowsError(try PhotoTurning.turnedHere(mirrored, .clockwise, parsers: LinkedParsers.libraries), "the edit refuses a mirrored image")
        let forged = try XCTUnwrap(HEIFRotation.adding(quarterTurns: QuarterTurn.clockwise.turning(irot: 0), to: Data(mirrored)).map { [UInt8]($0) })
        refused(forged, mirrored, .clockwise, "an irot added to a mirrored image")
    }

    /// `file` with its first box of type `type` given the type `new` (the same size: `irot` and
    /// `imir` both hold one byte).
    static func renamingBox(_ type: String, to new: String, in file: [UInt8]) -> [UInt8]? {
        let name = Array(type.utf8)
        guard let at = (0...(file.count - 4)).first(where: { file[$0..<($0 + 4)].elementsEqual(name) }) else { return nil }
        var renamed = file
        renamed.replaceSubrange(at..<(at + 4), with: Array(new.utf8))
        return renamed
    }

    /// A HEIF whose properties are none (its `ipco` empty) though its primary item links one is
    /// refused with the reason, as an answer and as an original, never a trap.
    func testAHEIFWithoutPropertiesIsRefusedWithoutATrap() {
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = 8 + body.count
            return [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let properties = box("iprp", box("ipco", []) + box("ipma", [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0x81]))
        let meta = box("meta", [0, 0, 0, 0] + box("pitm", [0, 0, 0, 0, 0, 1]) + box("iloc", [0, 0, 0, 0, 0x44, 0, 0, 0]) + properties)
        let file = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta
        XCTAssertEqual(PhotoTurning.kind(of: file), .heif)
        refused(file, file, .clockwise, "a link to no property")
        let withRotation = try? PhotoTurning.turnedHere(file, .clockwise, parsers: LinkedParsers.libraries)
        if let withRotation { refused(withRotation, file, .anticlockwise, "the other turn") }
    }
}
