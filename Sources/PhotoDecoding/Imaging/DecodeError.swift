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
    /// The helper process decoding it stopped (crashed, ran out of its memory, took too long):
    /// the photo fails, the app goes on, and another helper takes the next photo.
    case decoderStopped(Words)
    /// Not decoded at all: photos are decoded only in a sandbox, it cannot run here (why), and the
    /// user has not allowed decoding without it.
    case notSandboxed(Words)

    /// What a refusal of the decode budget means for a decode.
    init(_ refusal: DecodeBudget.Refusal) {
        switch refusal {
        case .cancelled: self = .cancelled
        case .tooLarge(let needed, let capacity): self = .overBudget(needed: needed, capacity: capacity)
        }
    }

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .empty: return "the image is empty (0 bytes)"
        case .tooManyPixels(let w, let h, let limit):
            return "the image is too large: \(w) × \(h) pixels exceeds the limit of \(limit / 1_000_000) megapixels"
        case .tooManyFrames(let limit):
            return "the animation is too long: it has more than \(limit) frames, the most that are read"
        case .tooManyTiles(let count, let limit):
            return "the image is too large: it is made of \(count) tiles, more than the \(limit) that are read"
        case .overBudget(let needed, let capacity):
            return "the image is too large to decode: it would hold \(needed >> 20) MB of pixels, more than the \(capacity >> 20) MB all decodes may hold at once"
        case .unreadableHeader(let format, let why): return "not a readable image: its \(format) header \(why)"
        case .drawing(let why): return "the drawing is refused: \(why)"
        case .truncated(let format): return "not a readable image: the \(format) data is truncated"
        case .undecodable(let reason): return "not a readable image: \(reason)"
        case .decoderStopped(let why): return "its decoder stopped: \(why)"
        case .notSandboxed(let why): return "not decoded: photos are decoded only in a sandbox, and it cannot run here (\(why))"
        }
    }
}
