// Why this exists: the arithmetic of a decode's size: how far a photo is scaled down while decoding, the size that fits a side, and the bytes a decode holds (which the budget reserves).
import Foundation

extension ImageDecoder {
    /// The bytes of pixels a decode of a `width` × `height` image holds at most, asked for
    /// `requested` (downscaled while decoding): the loader's own buffer (JPEG decodes at 1/2,
    /// 1/4 or 1/8 scale, so at most twice the requested size each way; other formats decode at
    /// full size and scale after) and the result, 4 bytes a pixel.
    static func bytesHeld(width: Int, height: Int, requested: (width: Int, height: Int)?, format: String?) -> Int {
        let full = width * height
        var loaded = full
        if let requested, format == "jpeg" { loaded = min(full, 4 * requested.width * requested.height) }
        let result = requested.map { $0.width * $0.height } ?? full
        return (loaded + result) * 4
    }

    /// The longest side allowed for a `width` × `height` image: `maxSide`, or less so that the
    /// image fits within `maxPixels`.
    static func side(_ width: Int, _ height: Int, _ maxSide: Int, _ maxPixels: Int?) -> Int {
        guard let maxPixels, width > 0, height > 0, width * height > maxPixels else { return maxSide }
        let scale = (Double(maxPixels) / Double(width * height)).squareRoot()
        return min(maxSide, max(1, Int((Double(max(width, height)) * scale).rounded(.down))))
    }

    /// The size that fits `maxSide` keeping the aspect ratio (the longest side, or with `cover`
    /// the shortest, so a centred square crop is filled), or nil when no downscale is needed
    /// (with `enlarge`, a drawing smaller than that is drawn larger).
    package static func fit(width: Int, height: Int, maxSide: Int, cover: Bool = false, enlarge: Bool = false) -> (width: Int, height: Int)? {
        let side = cover ? min(width, height) : max(width, height)
        guard side > maxSide || (enlarge && side < maxSide) else { return nil }
        let scale = Double(maxSide) / Double(side)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
