// Why this exists: one reader of a GIF's block structure (extensions and images, walked by their lengths, no pixel decoded), as a stream: the header reader counts frames without keeping a block, and tests copy frames from the same walk.
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

    /// How a walk ended.
    public enum End: Equatable, Sendable {
        /// At the trailer: the whole file was followed.
        case trailer
        /// The bytes ran out first (a file cut short).
        case truncated
        /// A byte that starts no block.
        case malformed
        /// The visitor asked to stop.
        case stopped
    }

    /// Visit the blocks between the header (and its global colour table) and the trailer, in
    /// order, without keeping them; `visit` returns false to stop. Nil if `bytes` is not a GIF.
    public static func walk(_ bytes: UnsafeRawBufferPointer, visit: (Block) -> Bool) -> End? {
        guard bytes.count >= 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
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
        while at < bytes.count {
            let block: Block
            switch bytes[at] {
            case 0x21: // an extension: its label, then sub-blocks
                guard at + 2 <= bytes.count, let end = skipSubBlocks(at + 2) else { return .truncated }
                block = Block(kind: .extension(label: bytes[at + 1]), range: at..<end)
            case 0x2C: // an image: a 10-byte descriptor, maybe a colour table, the LZW code size, sub-blocks
                guard at + 10 <= bytes.count else { return .truncated }
                var next = at + 10
                if bytes[at + 9] & 0x80 != 0 { next += 3 << (Int(bytes[at + 9] & 7) + 1) }
                guard let end = skipSubBlocks(next + 1) else { return .truncated }
                block = Block(kind: .image, range: at..<end)
            case 0x3B: // the trailer
                return .trailer
            default:
                return .malformed
            }
            if !visit(block) { return .stopped }
            at = block.range.upperBound
        }
        return .truncated
    }

    /// Every block, kept (tests copy frames with them); nil if `data` is not a GIF followed to
    /// its trailer.
    public static func read(_ data: Data) -> [Block]? {
        data.withUnsafeBytes { raw in
            var blocks: [Block] = []
            return walk(raw) { blocks.append($0); return true } == .trailer ? blocks : nil
        }
    }
}
