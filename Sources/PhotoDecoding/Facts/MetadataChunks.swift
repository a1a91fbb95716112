// Why this exists: a PNG or a WebP may keep its Exif and XMP after its pixels (exiftool and many apps append them), past the first bytes the facts are read from: the file's chunks are walked by their lengths alone (a header read per chunk, never the pixels), and the metadata chunks found are handed to the helper as a small file of the same kind that holds only them.
import Foundation

enum MetadataChunks {
    /// The most chunks walked, and the largest metadata chunk taken.
    static let mostChunks = 100_000
    static let largestChunk = 256 * 1024

    /// For a PNG or WebP whose first bytes are `head` (the file open as `fd`, `size` bytes):
    /// a file of its kind holding its header and its metadata chunks, wherever they lie; nil
    /// for another kind, or when it has none.
    static func gathered(_ fd: Int32, size: Int, head: Data) -> Data? {
        let bytes = [UInt8](head.prefix(40))
        if bytes.count >= 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(fd, size: size, head: bytes) }
        if bytes.count >= 20, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return webp(fd, size: size) }
        return nil
    }

    /// `count` bytes at `offset` (nil: not all there).
    private static func read(_ fd: Int32, _ offset: Int, _ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        return got == count ? buffer : nil
    }

    private static func png(_ fd: Int32, size: Int, head: [UInt8]) -> Data? {
        // The signature and IHDR (13 bytes of data, its CRC): 33 bytes.
        var out = Data(head[0..<33]), found = false
        var at = 33, walked = 0
        while at + 12 <= size, walked < mostChunks {
            walked += 1
            guard let header = read(fd, at, 8) else { break }
            let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= Int(Int32.max), at + 12 + length <= size else { break }
            if type == "IEND" { break }
            if (type == "eXIf" || type == "iTXt") && length <= largestChunk, let chunk = read(fd, at, 12 + length) {
                // An iTXt only when it is the XMP one.
                if type == "eXIf" || chunk[8...].starts(with: Array("XML:com.adobe.xmp".utf8)) {
                    out.append(contentsOf: chunk)
                    found = true
                }
            }
            at += 12 + length
        }
        guard found else { return nil }
        out.append(contentsOf: [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        return out
    }

    private static func webp(_ fd: Int32, size: Int) -> Data? {
        var chunks = Data(), found = false
        var at = 12, walked = 0
        while at + 8 <= size, walked < mostChunks {
            walked += 1
            guard let header = read(fd, at, 8) else { break }
            let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            let type = String(decoding: header[0..<4], as: UTF8.self)
            let padded = length + (length & 1)
            guard at + 8 + length <= size else { break }
            if (type == "VP8X" || type == "EXIF" || type == "XMP ") && length <= largestChunk, let chunk = read(fd, at, 8 + length) {
                chunks.append(contentsOf: chunk)
                if length & 1 == 1 { chunks.append(0) }
                if type != "VP8X" { found = true }
            }
            at += 8 + padded
        }
        guard found else { return nil }
        let riffSize = UInt32(4 + chunks.count)
        return Data("RIFF".utf8) + withUnsafeBytes(of: riffSize.littleEndian) { Data($0) } + Data("WEBP".utf8) + chunks
    }
}
