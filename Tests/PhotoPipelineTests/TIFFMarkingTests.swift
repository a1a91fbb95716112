// Why this exists: a TIFF keeps its marks in its own XMP (IFD0's tag 700), appended with a new IFD0 so that every byte of the original stays where it was; a forged answer is refused; a camera's RAW file, a TIFF inside, keeps its marks beside it.
import PhotoFormats
import DecodeHelper
import Foundation
import MetadataValues
@_spi(InProcess) @testable import PhotoDecoding
import TestAndBenchSupport
import XCTest

/// A TIFF keeps its marks in its own XMP (IFD0's tag 700): appended with a new IFD0, every byte
/// of the original where it was; a forged answer is refused; a camera's RAW file, a TIFF inside,
/// keeps its marks beside it.
extension PhotoMarkingTests {
    func testATIFFsMarksAreReadBackByExiftoolAndNothingElseMoves() throws {
        let original = try taggedCopy(try converted("coffee.png", to: "tiff"), "a.tiff")
        var photo = original, before: PhotoMarks
        (photo, before) = try PhotoMarking.marked(photo, MarksChange(rating: 4, addTags: ["Places/Portugal/Lisbon"]), by: .here)
        XCTAssertEqual(before, PhotoMarks(tags: ["tram"]))
        (photo, _) = try PhotoMarking.marked(photo, MarksChange(flag: .pick), by: .here)
        XCTAssertEqual(try marksRead(photo, extra: ["-XMP-digiKam:TagsList", "-XMP-dc:Title", "-EXIF:Artist"]),
                       "4 3 tram, Places/Portugal/Lisbon Lisbon Someone")
        XCTAssertEqual(Array(photo[8..<original.count]), Array(original[8...]), "the original's bytes stay where they were")
        XCTAssertEqual(try marksRead(photo, extra: ["-ImageWidth"]).split(separator: " ").last, "64", "ImageMagick's TIFF still reads")

        let (answer, _) = try PhotoMarking.markedHere(original, MarksChange(rating: 2), parsers: LinkedParsers.libraries)
        XCTAssertNoThrow(try XMPReplacement.check(answer, against: original))
        var pixel = answer
        pixel[original.count / 2] ^= 0x01
        XCTAssertThrowsError(try XMPReplacement.check(pixel, against: original), "a byte of the original changed")
        // The new IFD0 with one of the old entries dropped (its count one less, the XMP entry moved up).
        var dropped = answer
        let little = answer[0] == 0x49
        let reader = TIFFBytes(unchecked: answer, little: little)
        let ifd = try reader.u32(4)
        let count = try reader.u16(ifd)
        dropped.replaceSubrange(ifd + 2..<ifd + 14, with: [])
        dropped.insert(contentsOf: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], at: ifd + 2 + (count - 1) * 12 + 4)
        if little { dropped[ifd] = UInt8((count - 1) & 0xFF) } else { dropped[ifd + 1] = UInt8((count - 1) & 0xFF) }
        XCTAssertThrowsError(try XMPReplacement.check(dropped, against: original), "an entry of IFD0 went")
        XCTAssertThrowsError(try XMPReplacement.check(original, against: original), "no XMP added: not an answer")
        var header = answer
        header[4...7] = original[4...7]
        XCTAssertThrowsError(try XMPReplacement.check(header, against: original), "the old IFD0 still named")
    }

    func testARawFileKeepsItsMarksBeside() throws {
        let folder = TemporaryFiles.url("raw-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tiff = try converted("coffee.png", to: "tiff")
        for name in ["a.tif", "b.TIFF", "c.dng", "d.nef"] { try Data(tiff).write(to: folder.appendingPathComponent(name)) }
        XCTAssertFalse(PhotoMarking.keepsBeside(folder.appendingPathComponent("a.tif").path))
        XCTAssertFalse(PhotoMarking.keepsBeside(folder.appendingPathComponent("b.TIFF").path))
        XCTAssertTrue(PhotoMarking.keepsBeside(folder.appendingPathComponent("c.dng").path), "a DNG is never written")
        XCTAssertTrue(PhotoMarking.keepsBeside(folder.appendingPathComponent("d.nef").path))
    }
}
