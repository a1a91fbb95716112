// Why this exists: a PNG the app writes is tagged sRGB with PNG's own sRGB chunk, put right after its header: bookworm's GdkPixbuf cannot write a profile into a PNG (it hands libpng the profile before the header, and libpng refuses it as one for a grey image).
import Foundation

public enum PNGChunks {
    /// `png` (as GdkPixbuf wrote it) with an sRGB chunk (perceptual intent) after its header;
    /// unchanged if it does not start with one.
    package static func taggedSRGB(_ png: Data) -> Data {
        let headerEnd = 8 + 4 + 4 + 13 + 4
        guard png.count > headerEnd, png.dropFirst(12).prefix(4).elementsEqual(Array("IHDR".utf8)) else { return png }
        return png.prefix(headerEnd) + chunk("sRGB", Data([0])) + png.dropFirst(headerEnd)
    }

    /// A chunk: its length, type, body and CRC.
    public static func chunk(_ type: String, _ body: Data) -> Data {
        let typed = Data(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    package static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    package static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB88320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// PNG's (and zlib's) CRC-32.
    public static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFFFFFF
        for byte in data { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFFFFFF
    }
}
