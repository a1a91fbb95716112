// Why this exists: what an image's header declares (canvas, frames, and what its loader will hold), read before any decoder sees its bytes, for the formats whose loaders allocate before they say how large the image is or hold every frame: HEIF and AVIF, WebP, GIF and SVG; and the limits it is checked against. Which reader reads it is ImageHeader+Reading.swift.
import ColourManagement
import Foundation

public struct ImageHeader: Sendable, Equatable {
    /// The canvas (a grid's output, an animation's screen); 0 × 0 for a drawing that declares
    /// no size in pixels.
    public var width: Int
    public var height: Int
    /// 1 for a still.
    public var frames = 1
    /// Bytes the format's loader holds at most while it decodes, reserved from the decode budget
    /// before it starts; nil where the loader declares the size before it allocates (the budget
    /// is then asked at that point, for the size the decode is asked for).
    public var reserve: Int?
    /// A HEIF's or AVIF's colour as code points (`nclx`), where it declares them so.
    public var colour: CodedColour?
    /// A HEIF's or AVIF's ICC profile (its `prof` or `rICC` colour), where it has one.
    public var profile: Data?

    public init(width: Int, height: Int, frames: Int = 1, reserve: Int? = nil) {
        self.width = width
        self.height = height
        self.frames = frames
        self.reserve = reserve
    }

    /// The canvas and the frames within the limits.
    package func check(_ limits: ImageLimits) throws(DecodeError) {
        try Self.checkPixels(width, height, limits)
        if frames > limits.frames { throw .tooManyFrames(limit: limits.frames) }
    }

    package static func checkPixels(_ width: Int, _ height: Int, _ limits: ImageLimits) throws(DecodeError) {
        if width < 0 || height < 0 || width.multipliedReportingOverflow(by: height).overflow || width * height > limits.pixels {
            throw .tooManyPixels(width: width, height: height, limit: limits.pixels)
        }
    }
}
