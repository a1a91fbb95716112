// Why this exists: the helper's side of reading a photo's facts from its first bytes, never its pixels: a JPEG's Exif segment found by walking its markers (exiv2 refuses a JPEG cut short), a HEIF's Exif item, and the other formats' metadata as exiv2 reads them.
import Foundation
import GdkPixbuf
import PhotoMetadata

extension PhotoFacts {
    /// The facts in `prefix` (a photo's first bytes); nil when they hold no metadata that can be read.
    public static func readHere(_ prefix: Data) -> PhotoFacts? {
        guard let format = PixbufFormats.format(sniffing: prefix, name: nil) else { return nil }
        let tags: MetadataReader.Tags?
        switch format.name {
        case "jpeg": tags = jpegExif(prefix).flatMap { MetadataReader.read(exif: $0) }
        case "heif/avif", "heif", "avif": tags = HEIFExif.blocks(prefix).exif.flatMap { MetadataReader.read(exif: $0) }
        case "png", "webp", "tiff": tags = MetadataReader.read(file: prefix)
        default: tags = nil
        }
        return tags.map(from)
    }

    /// A JPEG's APP1 Exif segment ("Exif\0\0" and its TIFF block), if it lies within `data`.
    static func jpegExif(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
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
                return Data(bytes[start..<end])
            }
            at = end
        }
        return nil
    }
}
