// Why this exists: a camera keeps several previews in a RAW file that is a TIFF inside (a small thumbnail as well as a full-size JPEG: NEF, ARW, PEF, a DNG from a camera), and libraw 0.20 hands over only the largest; a row's thumbnail needs only the smallest that covers it, and decoding a 12-megapixel JPEG for a 128-pixel thumbnail was most of a RAW folder's time (BENCHMARKS.md, issue 62). The JPEG previews its IFDs list, with their sizes and where their bytes lie, every offset checked against the bytes given (`RawDirectories`). Fuzzed.
import Foundation

package enum RawPreviews {
    /// A JPEG preview: its size as its IFD says (the JPEG's own header is the decoder's to check)
    /// and where its bytes lie.
    package struct Place: Equatable, Sendable {
        package let width: Int, height: Int
        package let bytes: Range<Int>
    }

    /// Every JPEG preview (JPEG compression, one strip or a JPEGInterchangeFormat) whose bytes
    /// lie within `data`, in the order the IFDs were walked.
    package static func jpegs(in data: Data) -> [Place] {
        let bytes = [UInt8](data)
        guard let walked = RawDirectories.walk(bytes, tags: [256, 257, 259, 262, 273, 279, 513, 514]) else { return [] }
        var found: [Place] = []
        for ifd in walked.directories {
            if let photometric = ifd[262]?.first, RawDirectories.isSensor(photometric) { continue }
            guard let compression = ifd[259]?.first, compression == 6 || compression == 7,
                  let width = ifd[256]?.first, let height = ifd[257]?.first, width > 0, height > 0, width <= 65_535, height <= 65_535 else { continue }
            let place: (offset: Int, length: Int)
            if let offset = ifd[513]?.first, let length = ifd[514]?.first {
                place = (offset, length)
            } else if let offsets = ifd[273], let lengths = ifd[279], offsets.count == 1, lengths.count == 1 {
                place = (offsets[0], lengths[0])
            } else {
                continue
            }
            guard place.length > 0, place.offset >= 0, place.length <= bytes.count, place.offset <= bytes.count - place.length else { continue }
            found.append(Place(width: width, height: height, bytes: place.offset..<place.offset + place.length))
        }
        return found
    }

    /// The smallest JPEG preview whose longest side is at least `side`, if one is smaller than
    /// `than` on its longest side (libraw's largest preview: nothing is gained otherwise).
    package static func smallest(in data: Data, covering side: Int, smallerThan than: Int) -> Place? {
        jpegs(in: data).filter { max($0.width, $0.height) >= side && max($0.width, $0.height) < than }
            .min { $0.width * $0.height < $1.width * $1.height }
    }
}
