// Why this exists: what an image's header declares (canvas, frames, and what its loader will hold), read before any decoder sees its bytes, for the formats whose loaders allocate before they say how large the image is or hold every frame: HEIF and AVIF, WebP, GIF and SVG.
import ColourManagement
import Foundation
import GdkPixbuf

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

    /// Read the header of `data`, which GdkPixbuf's `format` loader would decode: nil for a
    /// format whose loader declares its size before it allocates (PNG, JPEG, TIFF…: the decoder
    /// refuses those as they declare it). Throws when the image is over `limits`, or when its
    /// header cannot be read.
    public static func read(_ data: Data, format: PixbufFormat, limits: ImageLimits = .standard) throws(DecodeError) -> ImageHeader? {
        var tally = EmbeddedTally()
        return try read(data, format: format.name, limits: limits, depth: 0, tally: &tally)
    }

    /// The same, by the loader's format name ("gif", "webp", "heif/avif", "svg"): the fuzzer's way in.
    public static func read(_ data: Data, formatNamed name: String, limits: ImageLimits = .standard) throws(DecodeError) -> ImageHeader? {
        var tally = EmbeddedTally()
        return try read(data, format: name, limits: limits, depth: 0, tally: &tally)
    }

    /// The same for an image embedded `depth` drawings deep; `tally` counts what every drawing
    /// on the way embeds.
    static func read(_ data: Data, format: String, limits: ImageLimits, depth: Int, tally: inout EmbeddedTally) throws(DecodeError) -> ImageHeader? {
        // (withUnsafeBytes rethrows untyped errors: the outcome comes out as a value.)
        let outcome = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<ImageHeader?, DecodeError> in
            let bytes = HeaderBytes(raw)
            do throws(DecodeError) {
                switch format {
                case "gif": return .success(try GIFHeader.read(bytes, limits: limits))
                case "webp": return .success(try WebPHeader.read(bytes, limits: limits))
                case "heif/avif", "heif", "avif": return .success(try HEIFHeader.read(bytes, limits: limits))
                case "svg": return .success(try SVGHeader.read(bytes, limits: limits, depth: depth, tally: &tally))
                default: return .success(nil)
                }
            } catch {
                return .failure(error)
            }
        }
        let header = try outcome.get()
        guard let header else { return nil }
        try header.check(limits)
        return header
    }

    /// The canvas and the frames within the limits.
    func check(_ limits: ImageLimits) throws(DecodeError) {
        try Self.checkPixels(width, height, limits)
        if frames > limits.frames { throw .tooManyFrames(limit: limits.frames) }
    }

    static func checkPixels(_ width: Int, _ height: Int, _ limits: ImageLimits) throws(DecodeError) {
        if width < 0 || height < 0 || width.multipliedReportingOverflow(by: height).overflow || width * height > limits.pixels {
            throw .tooManyPixels(width: width, height: height, limit: limits.pixels)
        }
    }

    /// The animation's frames, read from its header: nil for a still or a file that is not a
    /// GIF or a WebP (what the viewer's Details says: "animated, 12 frames").
    public static func frames(in data: Data) -> Int? {
        guard let format = PixbufFormats.format(sniffing: data), ["gif", "webp"].contains(format.name),
              let header = try? read(data, format: format, limits: ImageLimits()), header.frames >= 2 else { return nil }
        return header.frames
    }
}
