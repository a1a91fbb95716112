// Why this exists: the limits an image must keep to before any decoder sees its bytes, each with the reason it has the value it has.
import Foundation

public struct ImageLimits: Sendable, Equatable {
    /// Pixels an image (its canvas, a grid's output, any frame or tile) may declare: 100
    /// megapixels, the largest camera photos and panoramas people take (a 48 MP phone photo,
    /// a 100 MP medium-format one), well short of what would overflow a decoder's 32-bit
    /// offsets (libheif wrote out of bounds at 1 gigapixel, a 32256 × 32256 grid).
    public var pixels = 100_000_000
    /// Frames an animation may have: 10,000. GdkPixbuf's GIF loader appends each frame to a
    /// linked list from its head, so reading costs the square of the frame count (measured
    /// here: 0.27 s for 10,000 frames, 2.4 s for 30,000, 27 s for 100,000); 10,000 frames is
    /// over 16 minutes at 10 frames a second, longer than any animation shared as a picture.
    public var frames = 10_000
    /// Tiles a HEIF or AVIF grid may have: 4,096 (a 100-megapixel photo in the 512-pixel tiles
    /// phones write has under 400; libheif decodes and holds each tile).
    public var tiles = 4_096
    /// Images a drawing (SVG) may embed as `data:` URLs, counted through drawings it embeds: 256.
    /// librsvg decodes and keeps every one at its full size.
    public var embeddedImages = 256
    /// How deep drawings may embed drawings: 3 (a drawing in a drawing in a drawing).
    public var embeddingDepth = 3
    /// Elements a drawing may have: 200,000 (an intricate map or illustration has tens of
    /// thousands). What librsvg holds for them is counted in the decode budget too
    /// (`SVGHeader.domBytes`), which refuses most drawings this large first.
    public var drawingElements = 200_000

    public init() {}

    public static let standard = ImageLimits()
}
