// Why this exists: a GIF's header read before GdkPixbuf's loader sees it: the logical screen, every frame's place on it, and the frame count, made as a stream (no block kept) and stopped at the frame cap.
import Foundation

package enum GIFHeader {
    package static func read(_ bytes: HeaderBytes, limits: ImageLimits) throws(DecodeError) -> ImageHeader {
        guard bytes.matches(0, "GIF87a") || bytes.matches(0, "GIF89a"),
              let screenWidth = bytes.littleEndian(6, 2), let screenHeight = bytes.littleEndian(8, 2) else {
            throw .unreadableHeader(format: "GIF", why: Words("is cut short or not a GIF's"))
        }
        // GdkPixbuf's loader grows the canvas to hold a frame that lies past the screen.
        var width = screenWidth, height = screenHeight
        var frames = 0
        var tooMany = false
        let end = GIFBlocks.walk(bytes.raw) { block in
            guard block.kind == .image else { return true }
            frames += 1
            if frames > limits.frames { tooMany = true; return false }
            let at = block.range.lowerBound
            let left = bytes.littleEndian(at + 1, 2) ?? 0, top = bytes.littleEndian(at + 3, 2) ?? 0
            width = max(width, left + (bytes.littleEndian(at + 5, 2) ?? 0))
            height = max(height, top + (bytes.littleEndian(at + 7, 2) ?? 0))
            return true
        }
        if tooMany { throw .tooManyFrames(limit: limits.frames) }
        if end == .malformed && frames == 0 { throw .unreadableHeader(format: "GIF", why: Words("is followed by no image")) }
        try ImageHeader.checkPixels(width, height, limits)
        // The loader keeps each frame's compressed data (about the file) and composes frames on a
        // canvas, with the previous one kept for disposal and the frame being drawn.
        let canvas = width * height * 4
        return ImageHeader(width: width, height: height, frames: max(frames, 1),
                           reserve: frames > 1 ? bytes.count + 3 * canvas : nil)
    }
}
