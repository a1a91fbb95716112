// Why this exists: a camera's formats are read by libraw and libjxl, linked into the helper's program alone (DecodeHelper's CameraCodecs), and so are libavif's sequences; the decoder is handed them as this table, a part of ParserLibraries.
import Foundation
import PhotoFormats

public struct CameraParsers: Sendable {
    /// libjxl: a JPEG XL's header alone; its frames (at most `mostFrames` of at most
    /// `mostPixels`), stopping between frames when the closure says it is cancelled.
    public var jxlFacts: @Sendable (_ file: Data) -> Result<JXLFacts, CameraFailure>
    public var jxlDecode: @Sendable (_ file: Data, _ mostPixels: Int, _ mostFrames: Int, _ isCancelled: @escaping () -> Bool) -> Result<JXLImage, CameraFailure>
    /// libjxl: how many frames a JPEG XL holds (at most `most`).
    public var jxlFrames: @Sendable (_ file: Data, _ most: Int) -> Int
    /// libavif: an AVIF sequence's size and frame count (its boxes alone), and its frames.
    public var avifFacts: @Sendable (_ file: Data) -> (width: Int, height: Int, frames: Int)?
    public var avifDecode: @Sendable (_ file: Data, _ mostPixels: Int, _ mostFrames: Int, _ isCancelled: @escaping () -> Bool) -> Result<[CameraFrame], CameraFailure>
    /// libjxl: the Exif box's payload and the XMP packet in a JPEG XL's first bytes, decompressed.
    public var jxlMetadata: @Sendable (_ prefix: Data) -> (exif: Data?, xmp: Data?)
    /// libraw: what a RAW file says, without its pixels; its largest embedded preview (at most
    /// `mostBytes`); its sensor data developed into sRGB (half size, or whole), unturned.
    public var rawFacts: @Sendable (_ file: Data) -> Result<RawFacts, CameraFailure>
    public var rawPreview: @Sendable (_ file: Data, _ mostBytes: Int) -> Result<RawPreview, CameraFailure>
    public var rawDevelop: @Sendable (_ file: Data, _ half: Bool, _ mostPixels: Int) -> Result<CameraPixels, CameraFailure>

    public init(jxlFacts: @escaping @Sendable (Data) -> Result<JXLFacts, CameraFailure>,
                jxlDecode: @escaping @Sendable (Data, Int, Int, @escaping () -> Bool) -> Result<JXLImage, CameraFailure>,
                jxlMetadata: @escaping @Sendable (Data) -> (exif: Data?, xmp: Data?),
                jxlFrames: @escaping @Sendable (Data, Int) -> Int,
                avifFacts: @escaping @Sendable (Data) -> (width: Int, height: Int, frames: Int)?,
                avifDecode: @escaping @Sendable (Data, Int, Int, @escaping () -> Bool) -> Result<[CameraFrame], CameraFailure>,
                rawFacts: @escaping @Sendable (Data) -> Result<RawFacts, CameraFailure>,
                rawPreview: @escaping @Sendable (Data, Int) -> Result<RawPreview, CameraFailure>,
                rawDevelop: @escaping @Sendable (Data, Bool, Int) -> Result<CameraPixels, CameraFailure>) {
        self.jxlFacts = jxlFacts
        self.jxlDecode = jxlDecode
        self.jxlMetadata = jxlMetadata
        self.jxlFrames = jxlFrames
        self.avifFacts = avifFacts
        self.avifDecode = avifDecode
        self.rawFacts = rawFacts
        self.rawPreview = rawPreview
        self.rawDevelop = rawDevelop
    }
}
