// Why this exists: the size a PNG or a JPEG declares, read from its IHDR chunk or its start-of-frame marker, for images a drawing embeds (their loaders are not asked: librsvg decodes embedded images whole, at whatever size they declare).
import Foundation

package enum RasterSize {
    /// PNG: the signature, then the IHDR chunk's width and height.
    package static func png(_ bytes: HeaderBytes) -> (width: Int, height: Int)? {
        guard bytes.byte(0) == 0x89, bytes.matches(1, "PNG"), bytes.matches(12, "IHDR"),
              let width = bytes.bigEndian(16, 4), let height = bytes.bigEndian(20, 4) else { return nil }
        return (width, height)
    }

    /// JPEG: the first start-of-frame marker's height and width, found by walking the segments.
    package static func jpeg(_ bytes: HeaderBytes) -> (width: Int, height: Int)? {
        guard bytes.byte(0) == 0xFF, bytes.byte(1) == 0xD8 else { return nil }
        var at = 2
        while let first = bytes.byte(at), first == 0xFF, var marker = bytes.byte(at + 1) {
            // Fill bytes (0xFF) may pad before a marker.
            while marker == 0xFF {
                at += 1
                guard let next = bytes.byte(at + 1) else { return nil }
                marker = next
            }
            // Markers without a length: TEM and RST0–7.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            guard let length = bytes.bigEndian(at + 2, 2), length >= 2 else { return nil }
            // SOF0–15, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bytes.bigEndian(at + 5, 2), let width = bytes.bigEndian(at + 7, 2) else { return nil }
                return (width, height)
            }
            // Start of scan or end of image before a frame: nothing declared.
            if marker == 0xDA || marker == 0xD9 { return nil }
            at += 2 + length
        }
        return nil
    }
}
