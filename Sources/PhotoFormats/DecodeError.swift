// Why this exists: why an image could not be decoded, in words a person can act on.

public enum DecodeError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    case cancelled
    case empty
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// An animation with more frames than are read (`ImageLimits.frames`).
    case tooManyFrames(limit: Int)
    /// An image made of more tiles than are read (`ImageLimits.tiles`).
    case tooManyTiles(count: Int, limit: Int)
    /// Decoding would hold more than all decodes may hold at once (`DecodeBudget`).
    case overBudget(needed: Int, capacity: Int)
    /// The header of a format that is read before decoding (HEIF, AVIF, WebP, GIF, SVG) could not
    /// be: the image is refused rather than handed to a decoder unchecked.
    case unreadableHeader(format: String, why: Words)
    /// A drawing (SVG) holds what a drawing may not: too many elements, or an embedded image
    /// that is refused, over the limits, or of a type a drawing may not embed.
    case drawing(Words)
    /// The data ends before its format says it does (`format`: "PNG", "JPEG", "WebP", "BMP", "ICO").
    case truncated(format: String)
    case undecodable(Words)
    /// GdkPixbuf's loader for `format` refused the data: `why` in the app's words; `detail`,
    /// the loader's own message, for the trace only (it may be in no language the user reads).
    case loaderRefused(format: String, why: LoaderRefusal, detail: String)
    /// The helper process decoding it stopped (crashed, ran out of its memory, took too long):
    /// the photo fails, the app goes on, and another helper takes the next photo.
    case decoderStopped(Words)
    /// Not decoded at all: photos are decoded only in a sandbox, it cannot run here (why), and the
    /// user has not allowed decoding without it.
    case notSandboxed(Words)

    /// What went wrong, in words put into the user's language at the app's edge; said once,
    /// here. (A loader's own message is not among them: it is in the trace only.)
    public var words: Words {
        switch self {
        case .cancelled: Words("cancelled")
        case .empty: Words("the image is empty (0 bytes)")
        case .tooManyPixels(let width, let height, let limit):
            Words("the image is too large: %1$s × %2$s pixels exceeds the limit of %3$s megapixels", "\(width)", "\(height)", "\(limit / 1_000_000)")
        case .tooManyFrames(let limit): Words("the animation is too long: it has more than %1$s frames, the most that are read", "\(limit)")
        case .tooManyTiles(let count, let limit):
            Words("the image is too large: it is made of %1$s tiles, more than the %2$s that are read", "\(count)", "\(limit)")
        case .overBudget(let needed, let capacity):
            Words("the image is too large to decode: it would hold %1$s MB of pixels, more than the %2$s MB all decodes may hold at once",
                  "\(needed >> 20)", "\(capacity >> 20)")
        case .unreadableHeader(let format, let why): Words("not a readable image: its %1$s header %2$s", format, why)
        case .drawing(let why): Words("the drawing is refused: %1$s", why)
        case .truncated(let format): Words("not a readable image: the %1$s data is truncated", format)
        case .undecodable(let reason): Words("not a readable image: %1$s", reason)
        case .loaderRefused(let format, let why, _): Words("not a readable image: %1$s", why.words(format))
        case .decoderStopped(let why): Words("its decoder stopped: %1$s", why)
        case .notSandboxed(let why): Words("not decoded: photos are decoded only in a sandbox, and it cannot run here (%1$s)", why)
        }
    }

    /// In English, for the trace: the words, and a loader's own message after them.
    public var description: String {
        if case .loaderRefused(_, _, let detail) = self { return "\(words) (\(detail))" }
        return words.description
    }
}
