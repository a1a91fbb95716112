// Why this exists: one reader of a GIF's block structure (extensions and images, walked by their lengths, no pixel decoded), for counting an animation's frames and, in tests, for copying them.
import Foundation

public enum GIFBlocks {
    public enum Kind: Equatable, Sendable {
        /// An extension, by its label (0xF9: a frame's graphic control).
        case `extension`(label: UInt8)
        /// An image: a frame.
        case image
    }

    public struct Block: Equatable, Sendable {
        public let kind: Kind
        /// Where it lies in the file, from its introducer to the end of its sub-blocks.
        public let range: Range<Int>
    }

    /// The blocks between the header (and its global colour table) and the trailer, in order;
    /// nil if `data` is not a GIF followed to its trailer.
    public static func read(_ data: Data) -> [Block]? {
        data.withUnsafeBytes { raw in read(raw.bindMemory(to: UInt8.self)) }
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [Block]? {
        guard bytes.count > 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        /// Past a run of sub-blocks (each a length byte and its bytes, ended by a zero length).
        func skipSubBlocks(_ start: Int) -> Int? {
            var at = start
            while at < bytes.count {
                let length = Int(bytes[at])
                at += 1
                if length == 0 { return at }
                at += length
            }
            return nil
        }
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
        var blocks: [Block] = []
        while at < bytes.count {
            switch bytes[at] {
            case 0x21: // an extension: its label, then sub-blocks
                guard at + 2 <= bytes.count, let end = skipSubBlocks(at + 2) else { return nil }
                blocks.append(Block(kind: .extension(label: bytes[at + 1]), range: at..<end))
                at = end
            case 0x2C: // an image: a 10-byte descriptor, maybe a colour table, the LZW code size, sub-blocks
                guard at + 10 <= bytes.count else { return nil }
                var next = at + 10
                if bytes[at + 9] & 0x80 != 0 { next += 3 << (Int(bytes[at + 9] & 7) + 1) }
                guard let end = skipSubBlocks(next + 1) else { return nil }
                blocks.append(Block(kind: .image, range: at..<end))
                at = end
            case 0x3B: // the trailer
                return blocks
            default:
                return nil
            }
        }
        return nil
    }
}
