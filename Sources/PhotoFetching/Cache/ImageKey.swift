// Why this exists: what identifies a decoded image in the memory cache: the photo's URL, the row's size in device pixels, and whether it is the original or the sepia version (at which intensity).
import Foundation

public struct ImageKey: Hashable, Sendable, CustomStringConvertible {
    public enum Variant: Hashable, Sendable {
        case original
        /// Sepia at this intensity (in thousandths, so the key is exact).
        case sepia(milli: Int)
        /// A preview shown until the original is made (a share's JPEG's EXIF thumbnail).
        case preview
    }
    public let url: String
    public let pixels: Int
    public let variant: Variant

    public init(url: String, pixels: Int, variant: Variant) {
        self.url = url
        self.pixels = pixels
        self.variant = variant
    }

    public static func sepia(_ intensity: Float) -> Variant { .sepia(milli: Int((intensity * 1000).rounded())) }

    public var original: ImageKey { ImageKey(url: url, pixels: pixels, variant: .original) }
    public var preview: ImageKey { ImageKey(url: url, pixels: pixels, variant: .preview) }

    public var description: String {
        switch variant {
        case .original: return "\(url) @\(pixels)"
        case .sepia(let milli): return "\(url) @\(pixels) sepia \(milli)"
        case .preview: return "\(url) @\(pixels) preview"
        }
    }
}
