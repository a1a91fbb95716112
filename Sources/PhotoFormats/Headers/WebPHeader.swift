// Why this exists: a WebP's header read before its loader sees it: the canvas of an extended (VP8X) file and its animation frames (the loader decodes and holds every frame before it says how large they are), or the size in a simple file's VP8 or VP8L bitstream header; and its ICCP chunk, which its loader does not expose.
import Foundation

package enum WebPHeader {
    package static func read(_ bytes: HeaderBytes, limits: ImageLimits) throws(DecodeError) -> ImageHeader {
        func unreadable(_ why: Words) -> DecodeError { .unreadableHeader(format: "WebP", why: why) }
        guard bytes.matches(0, "RIFF"), bytes.matches(8, "WEBP"), let riffSize = bytes.littleEndian(4, 4),
              let first = bytes.tag(12), let firstSize = bytes.littleEndian(16, 4) else {
            throw unreadable(Words("is cut short or not a WebP's"))
        }
        // A file cut short is refused here: the loader's animation path meets it with GLib
        // criticals (a failed iterator unreferenced) rather than an error.
        guard riffSize <= bytes.count - 8 else { throw .undecodable(Words("the WebP data is truncated")) }
        // The chunks RIFF says it holds (a writer may append more; the loader reads these).
        let end = riffSize + 8
        let payload = 20
        switch first {
        case "VP8 ":
            // A key frame's tag (3 bytes), the start code 9D 01 2A, then 14-bit width and height.
            guard bytes.byte(payload + 3) == 0x9D, bytes.byte(payload + 4) == 0x01, bytes.byte(payload + 5) == 0x2A,
                  let width = bytes.littleEndian(payload + 6, 2), let height = bytes.littleEndian(payload + 8, 2) else {
                throw unreadable(Words("has no readable VP8 frame header"))
            }
            return ImageHeader(width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            // The signature 0x2F, then 14 bits of width − 1 and 14 bits of height − 1.
            guard bytes.byte(payload) == 0x2F, let bits = bytes.littleEndian(payload + 1, 4) else {
                throw unreadable(Words("has no readable VP8L header"))
            }
            return ImageHeader(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard firstSize >= 10, let flags = bytes.byte(payload),
                  let widthMinusOne = bytes.littleEndian(payload + 4, 3), let heightMinusOne = bytes.littleEndian(payload + 7, 3) else {
                throw unreadable(Words("has no readable VP8X chunk"))
            }
            let width = widthMinusOne + 1, height = heightMinusOne + 1
            try ImageHeader.checkPixels(width, height, limits)
            guard flags & 0x02 != 0 else { return ImageHeader(width: width, height: height) }
            let frames = try countFrames(bytes, from: payload + firstSize + (firstSize & 1), to: end, width: width, height: height, limits: limits)
            // The loader decodes every frame onto a canvas of its own and keeps them all.
            return ImageHeader(width: width, height: height, frames: max(frames, 1), reserve: (frames + 1) * width * height * 4)
        default:
            throw unreadable(Words("starts with an unknown “%1$s” chunk", "\(first)"))
        }
    }

    /// The ANMF chunks between `start` and `end`, each checked to lie on the canvas; stops past
    /// the frame cap.
    private static func countFrames(_ bytes: HeaderBytes, from start: Int, to end: Int, width: Int, height: Int,
                                    limits: ImageLimits) throws(DecodeError) -> Int {
        var at = start, frames = 0
        while at + 8 <= end, let tag = bytes.tag(at), let size = bytes.littleEndian(at + 4, 4) {
            if tag == "ANMF" {
                frames += 1
                if frames > limits.frames { throw .tooManyFrames(limit: limits.frames) }
                // Offsets (in 2-pixel units), then the frame's width − 1 and height − 1.
                if let x = bytes.littleEndian(at + 8, 3), let y = bytes.littleEndian(at + 11, 3),
                   let w = bytes.littleEndian(at + 14, 3), let h = bytes.littleEndian(at + 17, 3),
                   2 * x + w + 1 > width || 2 * y + h + 1 > height {
                    throw .unreadableHeader(format: "WebP", why: Words("has a frame that lies outside its canvas"))
                }
            }
            // Chunks are padded to an even length.
            at += 8 + size + (size & 1)
        }
        return frames
    }

    /// What a WebP's chunks say of its colour profile.
    package enum Profile: Equatable {
        /// Its ICCP chunk's bytes.
        case found(Data)
        /// None: the image data comes first (a profile comes before it).
        case none
        /// The chunks run past the bytes given, or they are not a WebP's.
        case unknown
    }

    /// The ICCP chunk of `data` (a whole WebP, or its first bytes).
    package static func profile(_ data: Data) -> Profile {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Profile in
            let bytes = HeaderBytes(raw)
            guard bytes.matches(0, "RIFF"), bytes.matches(8, "WEBP") else { return .unknown }
            var at = 12
            while let tag = bytes.tag(at), let size = bytes.littleEndian(at + 4, 4) {
                if tag == "ICCP" {
                    guard size <= bytes.count - at - 8 else { return .unknown }
                    return .found(Data(raw[(at + 8)..<(at + 8 + size)]))
                }
                if ["VP8 ", "VP8L", "ALPH", "ANMF"].contains(tag) { return .none }
                // Chunks are padded to an even length.
                at += 8 + size + (size & 1)
            }
            return .unknown
        }
    }
}
