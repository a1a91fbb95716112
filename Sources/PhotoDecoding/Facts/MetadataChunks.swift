// Why this exists: a PNG or a WebP may keep its Exif and XMP after its pixels (exiftool and many apps append them), past the first bytes the facts are read from: the file's chunks are walked by their lengths alone (a header read per chunk, never the pixels; on a share, within its first and last bytes), and the metadata chunks found are handed to the helper as a small file of the same kind that holds only them.
import Foundation
import PhotoFormats

package enum MetadataChunks {
    /// The most chunks walked, and the largest metadata chunk taken.
    static let mostChunks = 100_000
    static let largestChunk = 256 * 1024

    /// For a PNG or WebP whose first bytes are `head` (the file open as `fd`, `size` bytes):
    /// a file of its kind holding its header and its metadata chunks, wherever they lie; nil
    /// for another kind, or when it has none.
    static func gathered(_ fd: Int32, size: Int, head: Data) -> Data? {
        gathered(size: size, head: head) { offset, count in
            var buffer = [UInt8](repeating: 0, count: count)
            let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            return got == count ? buffer : nil
        }
    }

    /// How much of a share's PNG or WebP is read from its end for the metadata kept there.
    package static let tailBytes = 64 * 1024

    /// Whether a file whose first bytes are `head` is a PNG or a WebP (which may keep their
    /// metadata after their pixels).
    package static func mayKeepMetadataAtItsEnd(_ head: Data) -> Bool {
        let bytes = [UInt8](head.prefix(12))
        return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            || (bytes.count >= 12 && bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8))
    }

    /// The same for a file read elsewhere (a share's, where each read is a round trip): only
    /// its first bytes, `head`, and its last, `tail` (from `tailOffset`), `size` bytes in all. A
    /// PNG's chunks past the head cannot be walked to without reading every pixel chunk's
    /// header: its metadata chunks in the tail are found by their type and taken only where
    /// their length fits and their CRC holds (as exiftool writes them, just before IEND).
    package static func gathered(head: Data, tail: Data, tailOffset: Int, size: Int) -> Data? {
        let headBytes = [UInt8](head), tailBytes = [UInt8](tail)
        let read: (Int, Int) -> [UInt8]? = { offset, count in
            if offset >= 0, offset + count <= headBytes.count { return Array(headBytes[offset..<offset + count]) }
            let inTail = offset - tailOffset
            if inTail >= 0, inTail + count <= tailBytes.count { return Array(tailBytes[inTail..<inTail + count]) }
            return nil
        }
        return gathered(size: size, head: head, read: read, pngTail: tailBytes)
    }

    private static func gathered(size: Int, head: Data, read: (Int, Int) -> [UInt8]?, pngTail: [UInt8] = []) -> Data? {
        let bytes = [UInt8](head.prefix(40))
        if bytes.count >= 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(size: size, head: bytes, read: read, tail: pngTail) }
        if bytes.count >= 20, bytes[0..<4].elementsEqual(Array("RIFF".utf8)), bytes[8..<12].elementsEqual(Array("WEBP".utf8)) { return webp(size: size, read: read) }
        return nil
    }

    /// Whether `chunk` (a PNG chunk whole: length, type, data, CRC) is a metadata chunk to keep:
    /// an eXIf, or the XMP iTXt.
    private static func isMetadata(_ type: String, _ chunk: ArraySlice<UInt8>) -> Bool {
        type == "eXIf" || (type == "iTXt" && chunk.dropFirst(8).starts(with: Array("XML:com.adobe.xmp".utf8)))
    }

    /// The most bytes whose CRC is checked in one tail: a tail made of candidates (each type
    /// followed by a length that fits) is given up on, not checked for seconds.
    static let mostChecked = 1 << 20

    /// The PNG metadata chunks whole in `tail`, each found by its type, its length fitting and
    /// its CRC holding.
    static func pngChunks(inTail tail: [UInt8]) -> [ArraySlice<UInt8>] {
        var chunks: [ArraySlice<UInt8>] = []
        var at = 4, checked = 0
        while at + 8 <= tail.count {
            let type = tail[at..<at + 4]
            guard type.elementsEqual("iTXt".utf8) || type.elementsEqual("eXIf".utf8) else { at += 1; continue }
            let start = at - 4
            let length = Int(tail[start]) << 24 | Int(tail[start + 1]) << 16 | Int(tail[start + 2]) << 8 | Int(tail[start + 3])
            let end = start + 12 + length
            guard length <= largestChunk, end <= tail.count else { at += 1; continue }
            checked += length
            guard checked <= mostChecked else { break }
            let stored = UInt32(tail[end - 4]) << 24 | UInt32(tail[end - 3]) << 16 | UInt32(tail[end - 2]) << 8 | UInt32(tail[end - 1])
            guard PNGChunks.crc32(Data(tail[at..<end - 4])) == stored, isMetadata(String(decoding: type, as: UTF8.self), tail[start..<end]) else { at += 1; continue }
            chunks.append(tail[start..<end])
            at = end + 4
        }
        return chunks
    }

    private static func png(size: Int, head: [UInt8], read: (Int, Int) -> [UInt8]?, tail: [UInt8]) -> Data? {
        // The signature and IHDR (13 bytes of data, its CRC): 33 bytes.
        var out = Data(head[0..<33]), found = false
        var at = 33, walked = 0
        while at + 12 <= size, walked < mostChunks {
            walked += 1
            guard let header = read(at, 8) else {
                // Past what was read (a share's head): the metadata chunks of its tail.
                for chunk in pngChunks(inTail: tail) {
                    out.append(contentsOf: chunk)
                    found = true
                }
                break
            }
            let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= Int(Int32.max), at + 12 + length <= size else { break }
            if type == "IEND" { break }
            if (type == "eXIf" || type == "iTXt") && length <= largestChunk, let chunk = read(at, 12 + length), isMetadata(type, chunk[...]) {
                out.append(contentsOf: chunk)
                found = true
            }
            at += 12 + length
        }
        guard found else { return nil }
        out.append(contentsOf: [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
        return out
    }

    private static func webp(size: Int, read: (Int, Int) -> [UInt8]?) -> Data? {
        var chunks = Data(), found = false
        var at = 12, walked = 0
        while at + 8 <= size, walked < mostChunks {
            walked += 1
            guard let header = read(at, 8) else { break }
            let length = Int(header[4]) | Int(header[5]) << 8 | Int(header[6]) << 16 | Int(header[7]) << 24
            let type = String(decoding: header[0..<4], as: UTF8.self)
            let padded = length + (length & 1)
            guard at + 8 + length <= size else { break }
            if (type == "VP8X" || type == "EXIF" || type == "XMP ") && length <= largestChunk, let chunk = read(at, 8 + length) {
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
