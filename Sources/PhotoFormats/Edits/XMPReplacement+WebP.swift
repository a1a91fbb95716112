// Why this exists: a WebP's XMP replaced with nothing else touched but what the format makes it say: the `XMP ` chunk at the end, the XMP bit of the VP8X header (a VP8X made from the image's own size and alpha when the file had none), and the RIFF size. The app's check allows exactly those differences.
import Foundation

extension XMPReplacement {
    struct RIFFChunk {
        var type: [UInt8]
        /// The whole chunk: its header, body and padding byte.
        var range: Range<Int>
        var body: Range<Int>
    }

    static let vp8x = Array("VP8X".utf8), xmpType = Array("XMP ".utf8)

    static func isWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 12 && bytes[0..<4].elementsEqual(Array("RIFF".utf8)) && bytes[8..<12].elementsEqual(Array("WEBP".utf8))
    }

    static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }

    /// The chunks of a WebP, every one within the RIFF size (the last may lack its padding byte).
    static func webpChunks(_ bytes: [UInt8]) -> [RIFFChunk]? {
        guard isWebP(bytes), bytes.count >= 20 else { return nil }
        let end = min(bytes.count, 8 + littleEndian(bytes, 4, 4))
        var chunks: [RIFFChunk] = []
        var at = 12
        while at < end {
            guard at + 8 <= end else { return nil }
            let size = littleEndian(bytes, at + 4, 4)
            guard size <= end - at - 8 else { return nil }
            let next = min(end, at + 8 + size + (size & 1))
            chunks.append(RIFFChunk(type: Array(bytes[at..<at + 4]), range: at..<next, body: at + 8..<at + 8 + size))
            at = next
        }
        return chunks.isEmpty ? nil : chunks
    }

    /// The VP8X body a simple WebP's image (its first chunk, VP8 or VP8L) makes: no flags but
    /// alpha, and its canvas.
    static func vp8xBody(for image: RIFFChunk, in bytes: [UInt8]) -> [UInt8]? {
        let body = Array(bytes[image.body])
        var width = 0, height = 0, alpha = false
        if image.type == Array("VP8L".utf8), body.count >= 5, body[0] == 0x2F {
            let bits = littleEndian(body, 1, 4)
            width = (bits & 0x3FFF) + 1
            height = (bits >> 14 & 0x3FFF) + 1
            alpha = bits >> 28 & 1 == 1
        } else if image.type == Array("VP8 ".utf8), body.count >= 10, body[3] == 0x9D, body[4] == 0x01, body[5] == 0x2A {
            width = littleEndian(body, 6, 2) & 0x3FFF
            height = littleEndian(body, 8, 2) & 0x3FFF
        } else {
            return nil
        }
        guard width > 0, height > 0 else { return nil }
        let w = width - 1, h = height - 1
        return [alpha ? 0x10 : 0, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF),
                UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF)]
    }

    /// The VP8X body the answer must have: the original's with the XMP bit set.
    static func expectedVP8X(_ bytes: [UInt8], _ chunks: [RIFFChunk]) -> [UInt8]? {
        guard var body = chunks[0].type == vp8x ? Array(bytes[chunks[0].body]) : vp8xBody(for: chunks[0], in: bytes),
              body.count >= 10 else { return nil }
        body[0] |= 0x04
        return body
    }

    /// `bytes` (a WebP) with `packet` as its XMP.
    static func replacedWebP(_ bytes: [UInt8], packet: [UInt8]) throws(TurnRefusal) -> [UInt8] {
        guard let chunks = webpChunks(bytes), let header = expectedVP8X(bytes, chunks) else {
            throw TurnRefusal(Words("its metadata cannot be changed in a file of this kind"))
        }
        guard packet.count < 64 << 20 else { throw TurnRefusal(Words("its metadata is too large")) }
        func chunk(_ type: [UInt8], _ body: [UInt8]) -> [UInt8] {
            let size = body.count
            return type + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)] + body
                + (size & 1 == 1 ? [0] : [])
        }
        var body = Array("WEBP".utf8) + chunk(vp8x, header)
        for piece in chunks where piece.type != vp8x && piece.type != xmpType {
            body += bytes[piece.range]
            // A last chunk without its padding byte gets one: chunks after it must start even.
            if piece.range.count & 1 == 1 { body.append(0) }
        }
        body += chunk(xmpType, packet)
        let total = body.count
        return Array("RIFF".utf8) + [UInt8(total & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total >> 16 & 0xFF), UInt8(total >> 24 & 0xFF)] + body
    }

    /// The app's check of a WebP answer: the original's chunks but VP8X and XMP, in order and
    /// byte for byte; one XMP chunk; and the VP8X header the original makes, with its XMP bit.
    static func checkWebP(_ answer: [UInt8], against original: [UInt8]) throws(TurnRefusal) {
        let refusal = TurnRefusal(Words("the helper changed more than its metadata"))
        guard let mine = webpChunks(original), let theirs = webpChunks(answer), theirs[0].type == vp8x,
              theirs.filter({ $0.type == xmpType }).count == 1, theirs.filter({ $0.type == vp8x }).count == 1,
              let header = expectedVP8X(original, mine), answer[theirs[0].body].elementsEqual(header) else { throw refusal }
        func kept(_ bytes: [UInt8], _ chunks: [RIFFChunk]) -> [[UInt8]] {
            chunks.filter { $0.type != vp8x && $0.type != xmpType }.map { Array(bytes[$0.body]) + $0.type }
        }
        guard kept(original, mine) == kept(answer, theirs) else { throw refusal }
    }
}
