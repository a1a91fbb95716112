// Why this exists: the knobs of the pipeline in one value: concurrency, limits, thumbnail size, sepia intensity.
import Foundation
import PhotoDecoding

public struct PipelineSettings: Sendable {
    /// Downloads at once (the tutorial's queue ran one; 6 matches a browser's per-host limit).
    public var downloadConcurrency = 6
    /// Filters at once: one per core.
    public var filtrationConcurrency = ProcessInfo.processInfo.activeProcessorCount
    /// A response larger than this fails with a reason.
    public var imageByteLimit = 50 << 20
    /// The viewer reads a photo of this computer's or a share's up to this many bytes, when it
    /// is opened: one too large for a thumbnail is still seen. (A web photo keeps `imageByteLimit`.)
    public var viewerFileByteLimit = 256 << 20
    /// Refuse images that declare more pixels than this, before allocating them.
    public var pixelLimit = ImageDecoder.defaultPixelLimit
    /// Longest side of a thumbnail in device pixels (logical size × display scale).
    public var thumbnailPixels = 64
    public var sepiaIntensity = SepiaKernel.defaultIntensity
    /// Makes the sepia output (a test gives one that fails, as memory running out would).
    public var sepiaAllocator: SepiaFilter.Allocator = SepiaFilter.systemAllocator
    /// The filter the list and the viewer run.
    public var sepia: SepiaFilter { SepiaFilter(intensity: sepiaIntensity, allocate: sepiaAllocator) }
    /// Off only to measure what downscaling while decoding saves (--full-decode).
    public var downscaleWhileDecoding = true
    /// A share's JPEG shows its EXIF thumbnail before the photo is read (off only to measure without).
    public var sharePreviews = true
    /// The viewer first decodes a photo to fit the screen (this longest side, in device pixels:
    /// JPEG decodes at 1/2, 1/4 or 1/8 scale are several times faster), and at full size only
    /// when the user zooms past that.
    public var viewerScreenPixels = 1600
    /// At full size the viewer decodes a photo to fit this longest side (a texture the renderer can take)…
    public var viewerMaxDimension = 16384
    /// …and this many pixels (64 MiB of RGBA): larger photos are decoded downscaled to fit.
    public var viewerMaxPixels = 16 << 20

    public init() {}
}
