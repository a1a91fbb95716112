// Why this exists: a TIFF block (a TIFF file, or a JPEG's EXIF) read and written in its own byte order, every read bounds-checked: the EXIF orientation edit's and its check's only way into those bytes.
import Foundation

/// A TIFF block's bytes in its own byte order, every read checked.
package struct TIFFBytes {
    package var bytes: [UInt8]
    package let little: Bool

    package init(_ bytes: [UInt8]) throws(TurnRefusal) {
        guard bytes.count >= 8 else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        switch (bytes[0], bytes[1], bytes[2], bytes[3]) {
        case (0x49, 0x49, 0x2A, 0): little = true
        case (0x4D, 0x4D, 0, 0x2A): little = false
        default: throw TurnRefusal(Words("its EXIF data is damaged"))
        }
        self.bytes = bytes
    }

    package init(unchecked bytes: [UInt8], little: Bool) {
        self.bytes = bytes
        self.little = little
    }

    package func u16(_ at: Int) throws(TurnRefusal) -> Int {
        guard at >= 0, at + 2 <= bytes.count else { throw TurnRefusal(Words("its EXIF data is damaged")) }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    package func u32(_ at: Int) throws(TurnRefusal) -> Int {
        let (first, second) = (try u16(at), try u16(at + 2))
        return little ? first | second << 16 : first << 16 | second
    }

    package mutating func put16(_ value: Int, at: Int) {
        let (low, high) = (UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF))
        bytes[at] = little ? low : high
        bytes[at + 1] = little ? high : low
    }

    package mutating func put32(_ value: Int, at: Int) {
        put16(little ? value & 0xFFFF : (value >> 16) & 0xFFFF, at: at)
        put16(little ? (value >> 16) & 0xFFFF : value & 0xFFFF, at: at + 2)
    }
}
