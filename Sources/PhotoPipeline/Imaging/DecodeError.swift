// Why this exists: why an image could not be decoded, in words a person can act on.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    case cancelled
    case empty
    case tooManyPixels(width: Int, height: Int, limit: Int)
    case undecodable(String)

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .empty: return "the image is empty (0 bytes)"
        case .tooManyPixels(let w, let h, let limit):
            return "the image is too large: \(w) × \(h) pixels exceeds the limit of \(limit / 1_000_000) megapixels"
        case .undecodable(let reason): return "not a readable image: \(reason)"
        }
    }
}
