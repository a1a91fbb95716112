// Why this exists: a HEIF file's boxes read with every size and offset checked (32-bit sizes only, no sum that can overflow unseen): the irot edit's and its check's only way into those bytes.
import Foundation

package enum HEIFBoxes {
    package struct Box {
        package let type: String
        package let range: Range<Int>
        package var body: Range<Int> { (range.lowerBound + 8)..<range.upperBound }
    }

    package static func damaged() -> TurnRefusal { TurnRefusal(Words("its HEIF boxes are damaged")) }

    /// The boxes laid end to end in `range` (32-bit sizes only; 0 runs to the end).
    package static func boxes(_ file: [UInt8], _ range: Range<Int>) throws(TurnRefusal) -> [Box] {
        var result: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = try read(file, at, 4)
            if size == 1 { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
            if size == 0 { size = range.upperBound - at }
            guard size >= 8, at + size <= range.upperBound else { throw damaged() }
            result.append(Box(type: String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self), range: at..<(at + size)))
            at += size
        }
        return result
    }

    /// A big-endian number of `count` bytes at `at`; never negative (a 64-bit one with its top
    /// bit set is refused, so no sum of two read numbers can overflow unseen).
    package static func read(_ file: [UInt8], _ at: Int, _ count: Int) throws(TurnRefusal) -> Int {
        guard at >= 0, count >= 0, count <= 8, at <= file.count - count else { throw damaged() }
        guard count < 8 || file[at] < 0x80 else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return (0..<count).reduce(0) { $0 << 8 | Int(file[at + $1]) }
    }

    /// `a + b`, or refused where it overflows (a HEIC's offsets are the file's to choose).
    package static func sum(_ a: Int, _ b: Int) throws(TurnRefusal) -> Int {
        let (total, overflowed) = a.addingReportingOverflow(b)
        guard !overflowed else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return total
    }

    package static func bytes(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    /// `value` in `count` bytes, if it fits.
    package static func fitted(_ value: Int, _ count: Int) throws(TurnRefusal) -> [UInt8] {
        guard count >= 8 || value < 1 << (8 * count) else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return bytes(value, count)
    }

    package static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { bytes(8 + body.count, 4) + Array(type.utf8) + body }
}
