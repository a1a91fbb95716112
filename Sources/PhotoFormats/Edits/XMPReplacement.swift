// Why this exists: a photo's XMP packet replaced in its own file and nothing else touched, for ratings and picks: a JPEG's XMP APP1 segment or a PNG's XMP iTXt chunk (a WebP's in `+WebP`, a TIFF's in `+TIFF`), swapped where it was (or put where the format's writers put a new one). The helper places the packet; the app checks the answer by the same reading: the file with its XMP taken out must be byte for byte the original's.
import Foundation

package enum XMPReplacement {
    /// A JPEG's XMP segment starts with this namespace (the standard packet, not ExtendedXMP).
    static let jpegSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    /// A PNG's XMP is an iTXt chunk of this keyword.
    static let pngKeyword = Array("XML:com.adobe.xmp".utf8)
    /// The most a JPEG segment holds after its signature.
    static var jpegPacketLimit: Int { 0xFFFF - 2 - jpegSignature.count }

    enum Kind { case jpeg, png }

    /// The file's parts: the ranges before its image data, whether each is XMP, and the rest.
    struct Parts {
        var kind: Kind
        var pieces: [(range: Range<Int>, isXMP: Bool)]
        /// Where the image data starts (a JPEG's first scan, a PNG's first IDAT), kept as it is.
        var rest: Int
    }

    /// Whether `bytes` are a file whose XMP can be replaced here (a JPEG or PNG that can be followed).
    package static func canReplace(_ bytes: [UInt8]) -> Bool {
        parts(bytes) != nil || webpChunks(bytes) != nil || (isTIFF(bytes) && (try? tiffIFD0(TIFFBytes(bytes))) != nil)
    }

    static func parts(_ bytes: [UInt8]) -> Parts? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpegParts(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return pngParts(bytes) }
        return nil
    }

    private static func jpegParts(_ bytes: [UInt8]) -> Parts? {
        var pieces: [(range: Range<Int>, isXMP: Bool)] = [(0..<2, false)]
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            let marker = bytes[at + 1]
            // Fill bytes before a marker belong to it.
            if marker == 0xFF { return nil }
            if marker == 0xDA { return Parts(kind: .jpeg, pieces: pieces, rest: at) }
            // Markers without a length (RSTn, TEM) do not come before the first scan.
            guard marker != 0xD8, marker != 0xD9, !(0xD0...0xD7).contains(marker), marker != 0x01 else { return nil }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { return nil }
            let payload = at + 4
            let isXMP = marker == 0xE1 && length - 2 >= jpegSignature.count
                && bytes[payload..<payload + jpegSignature.count].elementsEqual(jpegSignature)
            pieces.append((at..<at + 2 + length, isXMP))
            at += 2 + length
        }
        return nil
    }

    private static func pngParts(_ bytes: [UInt8]) -> Parts? {
        var pieces: [(range: Range<Int>, isXMP: Bool)] = [(0..<8, false)]
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length <= 0x7FFF_FFFF, at + 12 + length <= bytes.count else { return nil }
            let type = Array(bytes[at + 4..<at + 8])
            if type == Array("IDAT".utf8) || type == Array("IEND".utf8) {
                // XMP after the image data is left where it is; the new one is put before it.
                guard pieces.count > 1 else { return nil }
                return Parts(kind: .png, pieces: pieces, rest: at)
            }
            let body = at + 8
            let isXMP = type == Array("iTXt".utf8) && length > pngKeyword.count
                && bytes[body..<body + pngKeyword.count].elementsEqual(pngKeyword) && bytes[body + pngKeyword.count] == 0
            pieces.append((at..<at + 12 + length, isXMP))
            at += 12 + length
        }
        return nil
    }

    /// Whether a chunk from `start` on is an XMP iTXt (the chunks after the image data).
    private static func pngHasXMP(_ bytes: [UInt8], from start: Int) -> Bool {
        var at = start
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length <= 0x7FFF_FFFF, at + 12 + length <= bytes.count else { return false }
            let body = at + 8
            if bytes[at + 4..<at + 8].elementsEqual(Array("iTXt".utf8)), length > pngKeyword.count,
               bytes[body..<body + pngKeyword.count].elementsEqual(pngKeyword) { return true }
            at += 12 + length
        }
        return false
    }

    /// `bytes` with `packet` as its XMP; refused for another kind of file, a file whose parts
    /// cannot be followed, or a packet too large for the format.
    package static func replaced(_ bytes: [UInt8], packet: [UInt8]) throws(TurnRefusal) -> [UInt8] {
        if isWebP(bytes) { return try replacedWebP(bytes, packet: packet) }
        if isTIFF(bytes) { return try replacedTIFF(bytes, packet: packet) }
        guard let parts = parts(bytes) else { throw TurnRefusal(Words("its metadata cannot be changed in a file of this kind")) }
        // XMP after a PNG's image data would be read too, and could disagree with the new one.
        if parts.kind == .png, pngHasXMP(bytes, from: parts.rest) {
            throw TurnRefusal(Words("its metadata lies after its image data"))
        }
        let new: [UInt8]
        switch parts.kind {
        case .jpeg:
            guard packet.count <= jpegPacketLimit else { throw TurnRefusal(Words("its metadata is too large for a JPEG segment")) }
            let length = 2 + jpegSignature.count + packet.count
            new = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + jpegSignature + packet
        case .png:
            guard packet.count < 64 << 20 else { throw TurnRefusal(Words("its metadata is too large")) }
            // Keyword, no compression, no language, no translated keyword, then the packet.
            new = [UInt8](PNGChunks.chunk("iTXt", Data(pngKeyword + [0, 0, 0, 0, 0] + packet)))
        }
        // Where the old packet was; else after the JFIF and Exif segments (a PNG's header).
        let firstXMP = parts.pieces.firstIndex { $0.isXMP }
        let at = firstXMP ?? (parts.kind == .png ? 2 : leadingAppIndex(bytes, parts))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + new.count)
        for (index, piece) in parts.pieces.enumerated() {
            if index == at { result += new }
            if !piece.isXMP { result += bytes[piece.range] }
        }
        if at >= parts.pieces.count { result += new }
        result += bytes[parts.rest...]
        return result
    }

    /// Past the JPEG's start and its leading APP0 (JFIF) and Exif APP1.
    private static func leadingAppIndex(_ bytes: [UInt8], _ parts: Parts) -> Int {
        var index = 1
        while index < parts.pieces.count {
            let start = parts.pieces[index].range.lowerBound
            let marker = bytes[start + 1]
            guard marker == 0xE0 || (marker == 0xE1 && !parts.pieces[index].isXMP) else { break }
            index += 1
        }
        return index
    }

    /// The app's check of an answer: `answer` must be `original` with only its XMP changed
    /// (taken out, both are the same bytes), and must hold exactly one XMP packet.
    package static func check(_ answer: [UInt8], against original: [UInt8]) throws(TurnRefusal) {
        if isWebP(original) { return try checkWebP(answer, against: original) }
        if isTIFF(original) { return try checkTIFF(answer, against: original) }
        guard let mine = parts(original), let theirs = parts(answer), mine.kind == theirs.kind,
              theirs.pieces.filter(\.isXMP).count == 1,
              withoutXMP(original, mine).elementsEqual(withoutXMP(answer, theirs)) else {
            throw TurnRefusal(Words("the helper changed more than its metadata"))
        }
    }

    private static func withoutXMP(_ bytes: [UInt8], _ parts: Parts) -> [UInt8] {
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        for piece in parts.pieces where !piece.isXMP { kept += bytes[piece.range] }
        kept += bytes[parts.rest...]
        return kept
    }
}
