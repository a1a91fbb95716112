// Why this exists: how many frames an animated GIF or WebP has, for the viewer's Details ("animated, 12 frames"): GdkPixbuf's animation API plays frames but never says how many there are, so the file's own blocks are counted, without decoding a pixel.
import Foundation

public enum FrameCount {
    /// The frames of an animation in `data`, a GIF or a WebP: 2 or more. Nil for a still (one
    /// frame), another format, or a file this reader does not follow to its end.
    public static func ofAnimation(in data: Data) -> Int? {
        let count = data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            if bytes.starts(with: Array("GIF8".utf8)) { return gifFrames(bytes) }
            if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return webpFrames(bytes) }
            return nil
        }
        return count.flatMap { $0 >= 2 ? $0 : nil }
    }

    /// GIF: the image descriptors (0x2C) between the header and the trailer, skipping
    /// extensions, colour tables and image data by their lengths.
    static func gifFrames(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count > 13 else { return nil }
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
        var frames = 0
        while at < bytes.count {
            switch bytes[at] {
            case 0x21: // an extension: its label, then sub-blocks
                guard at + 2 <= bytes.count, let next = skipSubBlocks(at + 2) else { return nil }
                at = next
            case 0x2C: // an image: a 10-byte descriptor, maybe a colour table, the LZW code size, sub-blocks
                guard at + 10 <= bytes.count else { return nil }
                frames += 1
                var next = at + 10
                if bytes[at + 9] & 0x80 != 0 { next += 3 << (Int(bytes[at + 9] & 7) + 1) }
                guard let end = skipSubBlocks(next + 1) else { return nil }
                at = end
            case 0x3B: // the trailer
                return frames
            default:
                return nil
            }
        }
        return nil
    }

    /// WebP: the ANMF chunks of an extended (VP8X) file; a simple one is a still.
    static func webpFrames(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = 12
        var frames = 0
        while at + 8 <= bytes.count {
            let tag = String(decoding: bytes[at..<at + 4], as: UTF8.self)
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            if tag == "ANMF" { frames += 1 }
            // Chunks are padded to an even length.
            at += 8 + size + (size & 1)
        }
        return at == bytes.count ? frames : nil
    }
}
