// Why this exists: the boxes of an ISO base media file (HEIF, AVIF) laid end to end in a range, with 64-bit and to-the-end sizes, each checked to lie inside its parent.
import Foundation

package struct ISOBox {
    package let type: String
    /// The whole box, header included.
    package let range: Range<Int>
    /// What follows the header (for a full box, its version and flags come first).
    package let body: Range<Int>
}

package enum ISOBoxes {
    /// The boxes in `range`; nil if one's size is impossible (shorter than its header, or past
    /// the end of `range`), which a reader must take as a header it cannot read.
    package static func list(_ bytes: HeaderBytes, _ range: Range<Int>) -> [ISOBox]? {
        var boxes: [ISOBox] = []
        var at = range.lowerBound
        while at < range.upperBound {
            guard at + 8 <= range.upperBound, var size = bytes.bigEndian(at, 4), let type = bytes.tag(at + 4) else { return nil }
            var header = 8
            if size == 1 {
                guard let large = bytes.bigEndian(at + 8, 8) else { return nil }
                size = large
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, size <= range.upperBound - at else { return nil }
            boxes.append(ISOBox(type: type, range: at..<(at + size), body: (at + header)..<(at + size)))
            at += size
        }
        return boxes
    }

    /// The children of a full box (after its 4 bytes of version and flags).
    package static func children(ofFull box: ISOBox, _ bytes: HeaderBytes) -> [ISOBox]? {
        guard box.body.count >= 4 else { return nil }
        return list(bytes, (box.body.lowerBound + 4)..<box.body.upperBound)
    }
}
