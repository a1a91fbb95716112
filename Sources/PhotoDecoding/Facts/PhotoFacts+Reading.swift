// Why this exists: the helper's side of reading a photo's facts from its first bytes, never its pixels: a JPEG's Exif segment found by walking its markers and a HEIF's Exif item, their fields read from the block (ExifFields), the other formats' metadata as exiv2 reads them, and the marks in the XMP packet (exiv2, only where there is one).
import PhotoFormats
import Foundation
import MetadataValues

extension PhotoFacts {
    /// The tags the facts come from.
    static let tagNames = ["Exif.Photo.DateTimeOriginal", "Exif.Photo.OffsetTimeOriginal", "Exif.Photo.PixelXDimension",
                           "Exif.Photo.PixelYDimension", "Exif.Image.Orientation", "Exif.Image.Make", "Exif.Image.Model",
                           "Exif.Photo.LensModel", "Exif.GPSInfo.GPSLatitude", "Exif.GPSInfo.GPSLongitude"]

    /// The facts in `prefix` (a photo's first bytes); nil when they hold no metadata that can be
    /// read (with `parsers`, where other formats than JPEG and HEIF keep theirs).
    public static func readHere(_ prefix: Data, parsers: ParserLibraries?) -> PhotoFacts? {
        var facts: PhotoFacts?, xmp: Data?
        switch Container(prefix) {
        // An Exif block: its few fields read straight from its IFDs; the XMP packet apart.
        case .jpeg:
            facts = jpegExif(prefix).flatMap(ExifFields.facts)
            xmp = jpegXMP(prefix)
        case .isoMedia:
            let blocks = HEIFExif.blocks(prefix)
            facts = blocks.exif.flatMap(ExifFields.facts)
            xmp = blocks.xmp
        // Elsewhere in the file (a PNG's eXIf chunk, a WebP's EXIF, a TIFF's own IFDs): exiv2, linked
        // only into the helper's program.
        // A JPEG XL's Exif and XMP boxes, Brotli-compressed as cjxl writes them, read by libjxl.
        case .jpegXL:
            let boxes = parsers?.camera?.jxlMetadata(prefix)
            facts = boxes?.exif.flatMap(JXLBoxes.exifBlock).flatMap(ExifFields.facts)
            xmp = boxes?.xmp
        // (A camera's RAW files that are TIFFs inside, DNG, NEF, CR2, ARW and PEF, are read as
        // TIFFs; exiv2 is handed no other kind: ExivFileKinds.)
        case .png, .webp, .tiff:
            facts = parsers?.tags(prefix, tagNames).map(from)
            xmp = prefix
        case nil: return nil
        }
        // The marks, only from a file or packet that has an XMP packet at all (exiv2 spared otherwise).
        if let xmp, xmp.count < HEIFExif.limit, hasPacket(xmp), let marks = parsers?.marks(xmp), marks != PhotoMarks() {
            var withMarks = facts ?? PhotoFacts()
            withMarks.marks = marks
            facts = withMarks.checked()
        }
        return facts
    }

    /// Whether `data` holds an XMP packet's start (its `x:xmpmeta` element or an `<?xpacket`).
    static func hasPacket(_ data: Data) -> Bool {
        data.range(of: Data("x:xmpmeta".utf8)) != nil || data.range(of: Data("<?xpacket".utf8)) != nil
    }

    /// The kinds of file that carry EXIF, told by their first bytes alone (GIO's content-type
    /// sniffing, which matches every type it knows, cost more than reading the EXIF).
    enum Container {
        case jpeg, isoMedia, png, webp, tiff, jpegXL

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
            else if starts(JXLBoxes.signature) { self = .jpegXL }
            else { return nil }
        }
    }

    /// A JPEG's APP1 Exif segment ("Exif\0\0" and its TIFF block), if it lies within `data`.
    static func jpegExif(_ data: Data) -> Data? {
        jpegAPP1(data, signature: [0x45, 0x78, 0x69, 0x66, 0, 0], keepingSignature: true)
    }

    /// A JPEG's APP1 XMP packet (after "http://ns.adobe.com/xap/1.0/\0"), if it lies within `data`.
    static func jpegXMP(_ data: Data) -> Data? {
        jpegAPP1(data, signature: Array("http://ns.adobe.com/xap/1.0/\0".utf8), keepingSignature: false)
    }

    /// The first APP1 segment of a JPEG that starts with `signature`, within `data`.
    private static func jpegAPP1(_ data: Data, signature: [UInt8], keepingSignature: Bool) -> Data? {
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
            if marker == 0xE1, end <= bytes.count, length >= 2 + signature.count, bytes[start..<start + signature.count].elementsEqual(signature) {
                return bytes.subdata(in: (keepingSignature ? start : start + signature.count)..<end)
            }
            at = end
        }
        return nil
    }
}
