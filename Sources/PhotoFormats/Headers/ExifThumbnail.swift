// Why this exists: where a JPEG's own small preview (the EXIF thumbnail cameras write in IFD1) lies in the file's first bytes, and the photo's orientation, so a photo on a slow share shows at once from one ranged read; every step bounds-checked. `find` runs in the decoding helper only; `bytesNeeded`, which reads segment markers and lengths alone, in the app.
import Foundation

package enum ExifThumbnail {
    /// The most of a file's start the thumbnail is looked for in: SOI, an APP0, and one whole
    /// APP1 segment (at most 64 KiB) fit.
    package static let startBytes = 72 * 1024

    /// Where the EXIF thumbnail is in `file` (the first bytes of a JPEG, or all of it), and the
    /// photo's orientation (1–8; 1 when it says none). Nil when there is none that can be read:
    /// not a JPEG, no EXIF before the first scan, no IFD1, a thumbnail not in JPEG or not wholly
    /// inside its APP1 segment.
    package static func find(in file: [UInt8]) -> (range: Range<Int>, orientation: Int)? {
        guard let tiff = exifBlock(file) else { return nil }
        let little: Bool
        switch (file[tiff.lowerBound], file[tiff.lowerBound + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at <= tiff.count - 2 else { return nil }
            let first = Int(file[tiff.lowerBound + at]), second = Int(file[tiff.lowerBound + at + 1])
            return little ? first | second << 8 : first << 8 | second
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        /// One IFD's entries (tag → its value field's position), and where the next IFD is.
        func ifd(_ offset: Int) -> (entries: [Int: (type: Int, field: Int)], next: Int?)? {
            guard let count = u16(offset), count <= 1000, offset + 2 + count * 12 + 4 <= tiff.count else { return nil }
            var entries: [Int: (type: Int, field: Int)] = [:]
            for index in 0..<count {
                let at = offset + 2 + index * 12
                guard let tag = u16(at), let type = u16(at + 2), u32(at + 4) == 1 else { continue }
                entries[tag] = (type, at + 8)
            }
            let next = u32(offset + 2 + count * 12)
            return (entries, next == 0 ? nil : next)
        }
        func integer(_ entry: (type: Int, field: Int)?) -> Int? {
            switch entry?.type {
            case 3?: return u16(entry!.field)
            case 4?: return u32(entry!.field)
            default: return nil
            }
        }
        guard u16(2) == 42, let first = u32(4).flatMap(ifd), let second = first.next, second != u32(4), let thumbnail = ifd(second) else { return nil }
        let orientation = integer(first.entries[0x0112]).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        // IFD1's JPEGInterchangeFormat and its length, offsets from the TIFF header.
        guard let start = integer(thumbnail.entries[0x0201]), let length = integer(thumbnail.entries[0x0202]),
              start >= 8, length >= 4, start <= tiff.count - length else { return nil }
        let range = (tiff.lowerBound + start)..<(tiff.lowerBound + start + length)
        guard file[range.lowerBound] == 0xFF, file[range.lowerBound + 1] == 0xD8 else { return nil }
        return (range, orientation)
    }

    /// How many of the file's first bytes hold its EXIF segment whole, given its first `start`
    /// bytes (a walk over the segments' markers and lengths, nothing else read): more than
    /// `start.count` when the segment, or the way to it, goes on past them; nil when there is no
    /// EXIF to wait for (not a JPEG, the first scan reached first), or it is already whole.
    package static func bytesNeeded(_ start: Data) -> Int? {
        if case .cut(let needing) = walk([UInt8](start)), needing <= startBytes { return needing }
        return nil
    }

    /// The TIFF block of the first APP1 EXIF segment before the first scan, wholly in `file`.
    static func exifBlock(_ file: [UInt8]) -> Range<Int>? {
        if case .exif(let payload) = walk(file) { return (payload.lowerBound + 6)..<payload.upperBound }
        return nil
    }

    private enum Walk {
        /// The first APP1 EXIF segment's payload, wholly in the bytes.
        case exif(payload: Range<Int>)
        /// The bytes end before it, or before the way to it: this many are needed to go on.
        case cut(needing: Int)
        /// No EXIF before the first scan (or not a JPEG).
        case none
    }

    /// The segments from SOI walked by their markers and lengths alone, to the first APP1 EXIF.
    private static func walk(_ file: [UInt8]) -> Walk {
        guard file.count >= 4, file[0] == 0xFF, file[1] == 0xD8 else { return .none }
        var at = 2
        while at + 4 <= file.count {
            guard file[at] == 0xFF else { return .none }
            let marker = file[at + 1]
            if marker == 0xFF { at += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return .none }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }
            let length = Int(file[at + 2]) << 8 | Int(file[at + 3])
            guard length >= 2 else { return .none }
            let end = at + 2 + length
            // (Past the bytes: the segment whole, and the next one's marker and length.)
            if end > file.count { return .cut(needing: marker == 0xE1 ? end : end + 4) }
            let payload = (at + 4)..<end
            if marker == 0xE1, payload.count >= 14, file[payload.prefix(6)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return .exif(payload: payload)
            }
            at = end
        }
        return .cut(needing: at + 4)
    }
}
