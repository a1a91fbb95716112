// Why this exists: a file cut short is refused before a loader shows what it got as a partial image without an error (PNG, JPEG, WebP, BMP and ICO loaders do); each format says where it should end.
import Foundation

extension ImageDecoder {
    /// Data cut short, for the formats whose loaders show what they got as a partial image
    /// without an error: a PNG ends with an IEND chunk and a JPEG with an EOI marker; a WebP's
    /// RIFF header, a BMP's file header and an ICO's directory say how long the file is.
    /// Returns the format's name when the data is cut short.
    static func truncation(of data: Data, format: String) -> String? {
        let bytes = [UInt8](data.prefix(4096))
        func uint32(_ at: Int) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        switch format {
        case "png":
            let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44]
            let tail = [UInt8](data.suffix(64))
            let found = tail.count >= 4 && (0...(tail.count - 4)).contains { Array(tail[$0..<$0 + 4]) == iend }
            return found ? nil : "PNG"
        case "jpeg":
            let tail = [UInt8](data.suffix(4096))
            let found = tail.count >= 2 && (0..<(tail.count - 1)).contains { tail[$0] == 0xFF && tail[$0 + 1] == 0xD9 }
            return found ? nil : "JPEG"
        case "webp":
            // "RIFF", the size of what follows, "WEBP".
            guard let size = uint32(4) else { return "WebP" }
            return data.count < size + 8 ? "WebP" : nil
        case "bmp":
            // The file header's size (0 in some writers), else where the pixels start and their size.
            guard let size = uint32(2), let offset = uint32(10) else { return "BMP" }
            let expected = size > 0 ? size : offset + (uint32(34) ?? 0)
            return data.count < expected ? "BMP" : nil
        case "ico":
            // A directory of images, each with its size and where it starts.
            guard bytes.count >= 6 else { return "ICO" }
            let count = Int(bytes[4]) | Int(bytes[5]) << 8
            for entry in 0..<count {
                guard let size = uint32(6 + entry * 16 + 8), let offset = uint32(6 + entry * 16 + 12) else { return "ICO" }
                if data.count < offset + size { return "ICO" }
            }
            return nil
        default:
            return nil
        }
    }
}
