// Why this exists: the IFDs of a RAW file that is a TIFF inside, walked from its header through each next IFD and sub-IFD, with the few tags asked for read as numbers (SHORT, LONG or IFD, at most 1,024 of each), every offset bounds-checked and every IFD visited once: what `RawHead` and `RawPreviews` read, in the app and the helper. Fuzzed.
import Foundation

package enum RawDirectories {
    /// The most IFDs walked, and entries in one.
    static let mostIFDs = 64, mostEntries = 1000

    /// Whether a PhotometricInterpretation is the sensor's (CFA or linear raw), not a picture.
    static func isSensor(_ photometric: Int) -> Bool { photometric == 32803 || photometric == 34892 }

    /// Each IFD reached in `bytes` with the `tags` asked for (and where the last IFD read ends);
    /// nil when `bytes` are not a TIFF or an IFD lies past them or is broken.
    static func walk(_ bytes: [UInt8], tags wanted: Set<Int>) -> (directories: [[Int: [Int]]], end: Int)? {
        // Its byte order and every read, bounds-checked, as the orientation edit reads a TIFF.
        guard let tiff = try? TIFFBytes(bytes) else { return nil }
        func u16(_ at: Int) -> Int? { try? tiff.u16(at) }
        func u32(_ at: Int) -> Int? { try? tiff.u32(at) }
        guard let first = u32(4) else { return nil }
        /// An entry's values (SHORT, LONG or IFD; at most 1,024), in the entry or where it points.
        func values(_ entry: Int) -> [Int]? {
            guard let type = u16(entry + 2), let count = u32(entry + 4), count >= 1, count <= 1024 else { return nil }
            let width: Int
            switch type {
            case 3: width = 2
            case 4, 13: width = 4
            default: return nil
            }
            var at = entry + 8
            if width * count > 4 { guard let pointed = u32(at) else { return nil }; at = pointed }
            var found: [Int] = []
            for index in 0..<count {
                guard let value = width == 2 ? u16(at + index * 2) : u32(at + index * 4) else { return nil }
                found.append(value)
            }
            return found
        }
        var queue = [first], seen: Set<Int> = [], end = 0, directories: [[Int: [Int]]] = []
        let asked = wanted.union([330])
        while let ifd = queue.popLast() {
            guard ifd > 0, !seen.contains(ifd), seen.count < mostIFDs else { continue }
            seen.insert(ifd)
            guard let count = u16(ifd), count <= mostEntries, ifd + 2 + count * 12 + 4 <= bytes.count else { return nil }
            end = max(end, ifd + 2 + count * 12 + 4)
            var tags: [Int: [Int]] = [:]
            for index in 0..<count {
                let entry = ifd + 2 + index * 12
                guard let tag = u16(entry) else { return nil }
                if asked.contains(tag) { tags[tag] = values(entry) }
            }
            if let next = u32(ifd + 2 + count * 12) { queue.append(next) }
            queue += tags[330] ?? []
            directories.append(tags)
        }
        return (directories, end)
    }
}
