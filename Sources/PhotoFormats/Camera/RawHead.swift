// Why this exists: a RAW file that is a TIFF inside (DNG, NEF, CR2, ARW, PEF) keeps its previews in IFDs whose data usually lies before the sensor's: for a thumbnail the app reads and hands the helper only the file's head up to the end of every image but the sensor's, not 25 MB of sensor data (copying them twice into the helper's memfd was the RAW folder's whole miss: BENCHMARKS.md, issue 62). Offsets and lengths alone are read, every one bounds-checked, in the app; the helper's libraw reads the head. Fuzzed.
import Foundation

package enum RawHead {
    /// How many of the file's first bytes are read to find its IFDs.
    package static let searchBytes = 256 * 1024
    /// The most IFDs walked, and entries in one.
    static let mostIFDs = 64, mostEntries = 1000

    /// How many bytes from the start hold the IFDs found in `start` and every image they name but
    /// the sensor's (CFA or linear raw data), when that is fewer than `fileSize`; nil when the
    /// head would be the whole file, `start` is not a TIFF, an IFD lies past `start`, or no
    /// preview is named.
    package static func bytesNeeded(_ start: Data, fileSize: Int) -> Int? {
        let bytes = [UInt8](start.prefix(searchBytes))
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let first = u32(4) else { return nil }
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
        var queue = [first], seen: Set<Int> = [], end = 0, previews = 0
        while let ifd = queue.popLast() {
            guard ifd > 0, !seen.contains(ifd), seen.count < mostIFDs else { continue }
            seen.insert(ifd)
            guard let count = u16(ifd), count <= mostEntries, ifd + 2 + count * 12 + 4 <= bytes.count else { return nil }
            end = max(end, ifd + 2 + count * 12 + 4)
            var tags: [Int: [Int]] = [:]
            for index in 0..<count {
                let entry = ifd + 2 + index * 12
                guard let tag = u16(entry) else { return nil }
                if [262, 273, 279, 513, 514, 324, 325, 330].contains(tag) { tags[tag] = values(entry) }
            }
            if let next = u32(ifd + 2 + count * 12) { queue.append(next) }
            queue += tags[330] ?? []
            // The sensor's data is what the head leaves out.
            if let photometric = tags[262]?.first, photometric == 32803 || photometric == 34892 { continue }
            var images: [(offset: Int, length: Int)] = []
            if let offsets = tags[273], let lengths = tags[279], offsets.count == lengths.count { images += zip(offsets, lengths).map { ($0, $1) } }
            if let offsets = tags[324], let lengths = tags[325], offsets.count == lengths.count { images += zip(offsets, lengths).map { ($0, $1) } }
            if let offset = tags[513]?.first, let length = tags[514]?.first { images.append((offset, length)) }
            for image in images where image.length > 0 {
                guard image.offset >= 0, image.length <= fileSize, image.offset <= fileSize - image.length else { return nil }
                end = max(end, image.offset + image.length)
                previews += 1
            }
        }
        guard previews > 0, end < fileSize else { return nil }
        return end
    }
}
