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

    /// GIF: its images (GIFBlocks walks the file to its trailer).
    static func gifFrames(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        GIFBlocks.read(bytes)?.filter { $0.kind == .image }.count
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
