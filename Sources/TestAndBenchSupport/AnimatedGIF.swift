// Why this exists: long animations for tests without waiting minutes for an encoder: the frames of a short GIF (made by ImageMagick) repeated into one with thousands, by copying the file's own blocks.
import Foundation

public enum AnimatedGIF {
    /// `gif` with its frames (each graphic control extension and image) repeated until there
    /// are `frames` of them. Nil if `gif` is not a GIF this reader follows.
    public static func repeating(_ gif: Data, frames: Int) -> Data? {
        let bytes = [UInt8](gif)
        guard bytes.count > 13, bytes.starts(with: Array("GIF8".utf8)) else { return nil }
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
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
        var head: [UInt8]?
        var frameBlocks: [[UInt8]] = []
        var frameStart: Int?
        while at < bytes.count {
            switch bytes[at] {
            case 0x21: // an extension: label, then sub-blocks
                if bytes[at + 1] == 0xF9 {
                    if head == nil { head = Array(bytes[0..<at]) }
                    frameStart = at
                }
                guard let next = skipSubBlocks(at + 2) else { return nil }
                at = next
            case 0x2C: // an image: descriptor, local colours, LZW code size, sub-blocks
                if head == nil { head = Array(bytes[0..<at]) }
                let start = frameStart ?? at
                let packed = bytes[at + 9]
                var next = at + 10
                if packed & 0x80 != 0 { next += 3 << (Int(packed & 7) + 1) }
                guard let end = skipSubBlocks(next + 1) else { return nil }
                frameBlocks.append(Array(bytes[start..<end]))
                frameStart = nil
                at = end
            case 0x3B:
                guard let head, !frameBlocks.isEmpty else { return nil }
                var out = head
                for index in 0..<frames { out += frameBlocks[index % frameBlocks.count] }
                out.append(0x3B)
                return Data(out)
            default:
                return nil
            }
        }
        return nil
    }
}
