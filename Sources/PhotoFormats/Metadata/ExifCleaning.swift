// Why this exists: the EXIF a helper hands back for a saved or exported photo, passed through the app's own bounds-checked reading before it goes into the file: IFD0, the Exif and Interoperability IFDs and (only when the location stays) the GPS IFD are kept, entry by entry with the bytes each names, at the offsets they had; the thumbnail's IFD1 and everything no kept entry names are zeros. A helper cannot put a location, a thumbnail or another photo's bytes where the app did not look.
import Foundation

package enum ExifCleaning {
    /// The most an EXIF block may be: what a JPEG's APP1 segment holds after "Exif\0\0".
    package static let mostBytes = 65_527
    /// The most entries one IFD may have.
    package static let mostEntries = 512

    package static let exifPointer = 0x8769, gpsPointer = 0x8825, interopPointer = 0xA005
    /// IFD0's tags that point at an embedded thumbnail's bytes (a JPEG in IFD0, as some cameras write).
    package static let thumbnailTags: Set<Int> = [0x0201, 0x0202]

    /// `block` (a TIFF header and its IFDs) with only what the app reads and keeps; nil when it is
    /// not a TIFF block, or too large.
    package static func cleaned(_ block: Data, keepsLocation: Bool) -> Data? {
        let bytes = [UInt8](block)
        guard bytes.count >= 8, bytes.count <= mostBytes else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x49, 0x49, 0x2A, 0): little = true
        case (0x4D, 0x4D, 0, 0x2A): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at <= bytes.count - 2 else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd0 = u32(4) else { return nil }

        /// An IFD to write back: where its table is, and the entries kept (12 bytes each).
        var tables: [(offset: Int, entries: [[UInt8]])] = []
        /// The value bytes kept entries name, copied where they were.
        var values: [Range<Int>] = []
        var visited = Set<Int>()

        func visit(_ offset: Int, _ kind: Int) {
            guard offset >= 8, visited.insert(offset).inserted, let count = u16(offset), count <= mostEntries,
                  offset + 2 + 12 * count + 4 <= bytes.count else { return }
            var kept: [[UInt8]] = []
            for index in 0..<count {
                let at = offset + 2 + 12 * index
                guard let tag = u16(at), let type = u16(at + 2), let number = u32(at + 4), let size = Self.typeSize(type) else { continue }
                if kind == 0, tag == gpsPointer, !keepsLocation { continue }
                if kind == 0, thumbnailTags.contains(tag) { continue }
                let length = number * size
                guard number <= bytes.count, length <= bytes.count else { continue }
                if length > 4 {
                    guard let start = u32(at + 8), start >= 8, start <= bytes.count - length else { continue }
                    values.append(start..<(start + length))
                }
                // A pointer to an IFD this pass reads: one LONG (or IFD) value, followed.
                let pointer = (kind == 0 && (tag == exifPointer || tag == gpsPointer)) || (kind == exifPointer && tag == interopPointer)
                if pointer {
                    guard number == 1, type == 4 || type == 13, let target = u32(at + 8) else { continue }
                    visit(target, tag)
                }
                kept.append(Array(bytes[at..<(at + 12)]))
            }
            tables.append((offset, kept))
        }
        visit(ifd0, 0)
        guard !tables.isEmpty else { return nil }

        // Values first, then the tables over them: a value that a hostile block laid over a table
        // cannot bring back an entry this pass left out.
        var out = [UInt8](repeating: 0, count: bytes.count)
        out.replaceSubrange(0..<8, with: bytes[0..<8])
        var end = 8
        for range in values {
            out.replaceSubrange(range, with: bytes[range])
            end = max(end, range.upperBound)
        }
        for table in tables {
            let size = 2 + 12 * table.entries.count + 4
            out.replaceSubrange(table.offset..<(table.offset + size), with: [UInt8](repeating: 0, count: size))
            out[table.offset] = UInt8(little ? table.entries.count & 0xFF : table.entries.count >> 8)
            out[table.offset + 1] = UInt8(little ? table.entries.count >> 8 : table.entries.count & 0xFF)
            for (index, entry) in table.entries.enumerated() {
                out.replaceSubrange((table.offset + 2 + 12 * index)..<(table.offset + 14 + 12 * index), with: entry)
            }
            // Its next IFD is none: IFD0's was the thumbnail's.
            end = max(end, table.offset + size)
        }
        return Data(out[0..<end])
    }

    /// The bytes of one value of a TIFF type; nil for a type this pass does not know.
    package static func typeSize(_ type: Int) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }
}
