// Why this exists: an image's header read by the reader for the format GdkPixbuf's loader would decode it as (GIF, WebP, HEIF and AVIF, SVG), and an animation's frame count for Details.
import Foundation
import GdkPixbuf
import PhotoFormats

extension ImageHeader {
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

    /// The animation's frames, read from its header: nil for a still or a file that is not a
    /// GIF or a WebP (what the viewer's Details says: "animated, 12 frames").
    public static func frames(in data: Data) -> Int? {
        guard let format = PixbufFormats.format(sniffing: data), ["gif", "webp"].contains(format.name),
              let header = try? read(data, format: format, limits: ImageLimits()), header.frames >= 2 else { return nil }
        return header.frames
    }
}
