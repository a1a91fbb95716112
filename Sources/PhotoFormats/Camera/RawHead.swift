// Why this exists: a RAW file that is a TIFF inside (DNG, NEF, CR2, ARW, PEF) keeps its previews in IFDs whose data usually lies before the sensor's: for a thumbnail the app reads and hands the helper only the file's head up to the end of every image but the sensor's, not 25 MB of sensor data (copying them twice into the helper's memfd was the RAW folder's whole miss: BENCHMARKS.md, issue 62). Offsets and lengths alone are read, every one bounds-checked (`RawDirectories`), in the app; the helper's libraw reads the head. Fuzzed.
import Foundation

package enum RawHead {
    /// How many of the file's first bytes are read to find its IFDs.
    package static let searchBytes = 256 * 1024

    /// How many bytes from the start hold the IFDs found in `start` and every image they name but
    /// the sensor's (CFA or linear raw data), when that is fewer than `fileSize`; nil when the
    /// head would be the whole file, `start` is not a TIFF, an IFD lies past `start`, or no
    /// preview is named.
    package static func bytesNeeded(_ start: Data, fileSize: Int) -> Int? {
        let bytes = [UInt8](start.prefix(searchBytes))
        guard let walked = RawDirectories.walk(bytes, tags: [262, 273, 279, 513, 514, 324, 325]) else { return nil }
        var end = walked.end, previews = 0
        for ifd in walked.directories {
            // The sensor's data is what the head leaves out.
            if let photometric = ifd[262]?.first, RawDirectories.isSensor(photometric) { continue }
            var images: [(offset: Int, length: Int)] = []
            if let offsets = ifd[273], let lengths = ifd[279], offsets.count == lengths.count { images += zip(offsets, lengths).map { ($0, $1) } }
            if let offsets = ifd[324], let lengths = ifd[325], offsets.count == lengths.count { images += zip(offsets, lengths).map { ($0, $1) } }
            if let offset = ifd[513]?.first, let length = ifd[514]?.first { images.append((offset, length)) }
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
