// Why this exists: the knobs of the pipeline in one value: concurrency, limits, thumbnail size, sepia intensity.
import Foundation

public struct PipelineSettings: Sendable {
    /// Downloads at once (the tutorial's queue ran one; 6 matches a browser's per-host limit).
    public var downloadConcurrency = 6
    /// Filters at once: one per core.
    public var filtrationConcurrency = ProcessInfo.processInfo.activeProcessorCount
    /// A response larger than this fails with a reason.
    public var imageByteLimit = 50 << 20
    /// Refuse images that declare more pixels than this, before allocating them.
    public var pixelLimit = ImageDecoder.defaultPixelLimit
    /// Longest side of a thumbnail in device pixels (logical size × display scale).
    public var thumbnailPixels = 64
    public var sepiaIntensity = SepiaKernel.defaultIntensity
    /// Off only to measure what downscaling while decoding saves (--full-decode).
    public var downscaleWhileDecoding = true

    public init() {}
}
