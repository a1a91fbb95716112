// Why this exists: the helper's side of reading a photo's facts from its first bytes, never its pixels: a JPEG's Exif segment found by walking its markers and a HEIF's Exif item, their fields read from the block (ExifFields), and the other formats' metadata as exiv2 reads them.
import PhotoFormats
import Foundation
import MetadataValues

extension PhotoFacts {
    /// The tags the facts come from.
    static let tagNames = ["Exif.Photo.DateTimeOriginal", "Exif.Photo.OffsetTimeOriginal", "Exif.Photo.PixelXDimension",
                           "Exif.Photo.PixelYDimension", "Exif.Image.Orientation", "Exif.Image.Make", "Exif.Image.Model"]

    /// The facts in `prefix` (a photo's first bytes); nil when they hold no metadata that can be
    /// read (with `parsers`, where other formats than JPEG and HEIF keep theirs).
    public static func readHere(_ prefix: Data, parsers: ParserLibraries?) -> PhotoFacts? {
        switch Container(prefix) {
        // An Exif block: its few fields read straight from its IFDs.
        case .jpeg: return jpegExif(prefix).flatMap(ExifFields.facts)
        case .isoMedia: return HEIFExif.blocks(prefix).exif.flatMap(ExifFields.facts)
        // Elsewhere in the file (a PNG's eXIf chunk, a WebP's EXIF, a TIFF's own IFDs): exiv2, linked
        // only into the helper's program.
        case .png, .webp, .tiff: return parsers?.tags(prefix, tagNames).map(from)
        case nil: return nil
        }
    }

    /// The kinds of file that carry EXIF, told by their first bytes alone (GIO's content-type
    /// sniffing, which matches every type it knows, cost more than reading the EXIF).
    enum Container {
        case jpeg, isoMedia, png, webp, tiff

        init?(_ data: Data) {
            let bytes = [UInt8](data.prefix(12))
            func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + magic.count && bytes[offset..<offset + magic.count].elementsEqual(magic)
            }
            if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
            else if starts(Array("ftyp".utf8), at: 4) { self = .isoMedia }
            else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
            else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp }
            else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff }
            else { return nil }
        }
    }

    /// A JPEG's APP1 Exif segment ("Exif\0\0" and its TIFF block), if it lies within `data`.
    static func jpegExif(_ data: Data) -> Data? {
        let bytes = data.count > 0 && data.startIndex == 0 ? data : Data(data)
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }
            // Start of scan, end of image: no metadata after.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return nil }
            let start = at + 4, end = at + 2 + length
            if marker == 0xE1, end <= bytes.count, length >= 8, bytes[start..<start + 6].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return bytes.subdata(in: start..<end)
            }
            at = end
        }
        return nil
    }
}
