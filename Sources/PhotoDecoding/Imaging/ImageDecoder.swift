// Why this exists: decode with GdkPixbufLoader on a worker: the header read first (ImageHeader) and the loader pinned to the format it was read as, downscale while decoding, refuse pixel bombs before allocation, apply EXIF orientation.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import GLibIO

public struct ImageDecoder: Sendable, Codable, Equatable {
    /// Images that declare more pixels than this are refused before their pixels are allocated.
    public static let defaultPixelLimit = 100_000_000
    /// Data is fed to the loader in chunks so a refusal stops it between them.
    static let chunkSize = 64 * 1024

    /// The longest side of the decoded thumbnail, in device pixels (logical size × scale factor).
    public var maxDimension: Int
    public var pixelLimit: Int
    /// Off only for the benchmark's "full decode then scale" comparison.
    public var downscaleWhileDecoding = true
    /// Crop to a centred square (as photo grids do), so a thumbnail fills its slot at whole
    /// pixels instead of being drawn blurred at a fractional offset.
    public var squareCrop = false
    /// Also fit within this many pixels (the viewer's memory budget for one image), if set.
    public var maxPixels: Int?
    /// Where the photo came from (`origin(of:)`): photos of different origins are decoded by different helpers.
    public var origin: String?
    /// The photo's file name: which format its bytes are, when they do not say (`PixbufFormats.format(sniffing:name:)`).
    public var fileName: String?
    /// Decoded for an export (in a helper of its own, below the list's, as export threads run here).
    public var forExport = false
    /// The photo the user is looking at (the viewer's): never waits behind the list's decodes for a helper.
    public var urgent = false
    /// Read the photo's details too (`Report.details`), as the viewer's Details panel shows them.
    public var readsDetails = false
    /// Decode the JPEG's EXIF thumbnail in the bytes given (its first bytes), not the photo.
    public var embeddedThumbnail = false
    /// A camera's RAW file's orientation as its sidecar says (Rotate's turn of a file it never
    /// writes, `SidecarTurning`): shown so in place of the file's own. Nil: the file's own.
    public var sidecarOrientation: Int?
    /// A RAW file developed from its sensor's data even where a preview would serve (the viewer's
    /// second picture, after the preview's: `Report.fromRawPreview`).
    public var developsRaw = false

    public init(maxDimension: Int, pixelLimit: Int = ImageDecoder.defaultPixelLimit) {
        self.maxDimension = maxDimension
        self.pixelLimit = pixelLimit
    }

    /// State shared with the loader's handlers, which run on this (worker) thread.
    private final class SizeState {
        var declared: (width: Int, height: Int)?
        var refused = false
        /// The decode's share of the budget, held until it ends.
        var reservation: DecodeBudget.Reservation?
        var budgetRefusal: DecodeBudget.Refusal?
        /// `area-prepared` fires once the loader has allocated the pixels.
        var allocated = false
    }

    /// What the loader did, for tests: whether it allocated pixels, and the size the image declared.
    public struct Report: Sendable, Codable, Equatable {
        public var declaredWidth = 0
        public var declaredHeight = 0
        public var allocated = false
        /// The format's MIME type ("image/png"), once the loader knows it.
        public var mimeType: String?
        /// The format's name as its loader describes it ("WebP image").
        public var formatName: String?
        /// An animation's frames, as its header declares them (1 for a still).
        public var frames = 1
        /// The name of the ICC profile the photo carries (its description, cleaned), read and
        /// applied where it was decoded: the app never parses a photo's profile.
        public var profileName: String?
        /// Whether the pixels were converted to sRGB from it (false: none, sRGB, or ignored).
        public var profileConverted = false
        /// Why the profile was not applied, when it was not (broken, not RGB, too large).
        public var profileIgnored: String?
        /// What the photo says about itself, when asked (`readsDetails`) and it says something.
        public var details: PhotoDetails?
        /// A RAW file shown from a preview its camera saved in it, not developed from its sensor's data.
        public var fromRawPreview = false
        public init() {}

        /// This report as the app takes it from a helper: its numbers in range, its texts
        /// cleaned and cut short, its details checked as a photo's would be.
        public func checked() -> Report {
            var report = self
            func text(_ value: String?) -> String? { value.map { String(DisplayText.clean(String($0.prefix(200)))) } }
            report.mimeType = text(mimeType)
            report.formatName = text(formatName)
            report.profileName = text(profileName)
            report.profileIgnored = text(profileIgnored)
            report.frames = min(max(frames, 1), 1 << 20)
            report.details = details?.checked()
            return report
        }
    }

    /// Decode `data` in this process. With a `budget`, the pixels the decode will hold are reserved from it as
    /// soon as the image declares its size, before they are allocated; the decode waits while
    /// other decodes hold the rest (until `cancellable` is cancelled), and gives them back as it ends.
    /// `file`, where it is given, holds the same bytes: the formats GdkPixbuf reads only whole from a file are read from it.
    /// `parsers`: what reads the details (`readsDetails`), where this program links them (the helper's).
    public func decodeHere(_ data: Data, report: inout Report, parsers: ParserLibraries?, within budget: DecodeBudget? = nil,
                           cancellable: Cancellable? = nil, file: String? = nil, isCancelled: () -> Bool = { false }) throws(DecodeError) -> Thumbnail {
        guard !data.isEmpty else { throw .empty }
        if embeddedThumbnail { return try decodeEmbeddedThumbnail(data, report: &report, within: budget, cancellable: cancellable, isCancelled: isCancelled) }
        // A camera's formats (RAW, JPEG XL, an AVIF sequence) are read by codecs of their own, never a pixbuf loader.
        if let camera = CameraFile.kind(of: data, name: fileName) {
            return try decodeCamera(camera, data, report: &report, parsers: parsers, within: budget, cancellable: cancellable, isCancelled: isCancelled)
        }
        let data = try Self.expandingDrawing(data)
        // The loader GdkPixbuf would choose, pinned, so the header read is the one that decodes.
        guard let format = PixbufFormats.format(sniffing: data, name: fileName) else { throw .undecodable(Words("Unrecognized image file format")) }
        report.mimeType = format.mimeType
        report.formatName = format.description
        if Self.notRead.contains(format.name) { throw .undecodable(Words("%1$s images are not shown", format.name.uppercased())) }
        // (Without a file, outside the helper's filter, its loader reads it as any other.)
        if Self.readWhole.contains(format.name), let file { return try decodeWhole(file: file, format: format.name, report: &report) }
        var limits = ImageLimits.standard
        limits.pixels = pixelLimit
        let header = try ImageHeader.read(data, format: format, limits: limits)
        report.frames = header?.frames ?? 1
        // A loader that allocates before it declares its size (HEIF) or holds every frame has
        // its share reserved from the header, before it starts.
        var upfront: DecodeBudget.Reservation?
        defer { upfront?.release() }
        if let bytes = header?.reserve, let budget {
            do throws(DecodeBudget.Refusal) {
                upfront = try budget.reserve(bytes, cancellable: cancellable ?? Cancellable())
            } catch {
                throw DecodeError(error)
            }
        }
        let reservedFromHeader = upfront != nil && format.name != "svg"
        let loader: PixbufLoader
        do throws(GLibError) { loader = try PixbufLoader(type: format.name) } catch { throw DecodeError(error, format: format.name) }
        let state = SizeState()
        defer { state.reservation?.release() }
        defer {
            report.declaredWidth = state.declared?.width ?? 0
            report.declaredHeight = state.declared?.height ?? 0
            report.allocated = state.allocated
        }
        loader.onAreaPrepared { state.allocated = true }
        let limit = pixelLimit
        let maxSide = maxDimension
        let downscale = downscaleWhileDecoding
        let square = squareCrop
        let pixelBudget = maxPixels
        let pool = budget
        loader.onSizePrepared { [unowned loader] width, height in
            state.declared = (width, height)
            // A drawing (SVG) is rendered at the size it is shown, larger or smaller than it
            // declares, and a huge one at the most pixels allowed rather than refused.
            if format.name == "svg", width > 0, height > 0 {
                let pixelCap = min(limit, pixelBudget ?? limit)
                let side = Self.side(width, height, downscale ? maxSide : Int.max, pixelCap)
                var size = Self.fit(width: width, height: height, maxSide: side, cover: square && downscale, enlarge: downscale)
                // Drawn larger than it declares (the viewer zoomed in), its pixels are the
                // rendering's: those stay within the cap too.
                if let drawn = size, drawn.width * drawn.height > pixelCap {
                    size = Self.fit(width: drawn.width, height: drawn.height, maxSide: Self.side(drawn.width, drawn.height, Int.max, pixelCap))
                }
                if let size { loader.setSize(width: size.width, height: size.height) }
                if let pool {
                    let pixels = size.map { $0.width * $0.height } ?? width * height
                    do throws(DecodeBudget.Refusal) {
                        state.reservation = try pool.reserve(pixels * 8, cancellable: cancellable ?? Cancellable())
                    } catch {
                        state.budgetRefusal = error
                        state.refused = true
                        loader.setSize(width: 0, height: 0)
                    }
                }
                return
            }
            if width * height > limit || width <= 0 || height <= 0 {
                // A zero size tells the loader module not to allocate and to expect closing
                // (the convention gdk_pixbuf_get_file_info uses).
                state.refused = true
                loader.setSize(width: 0, height: 0)
                return
            }
            let size = downscale ? Self.fit(width: width, height: height, maxSide: Self.side(width, height, maxSide, pixelBudget), cover: square) : nil
            if let pool, !reservedFromHeader {
                let bytes = Self.bytesHeld(width: width, height: height, requested: size, format: format.name)
                do throws(DecodeBudget.Refusal) {
                    state.reservation = try pool.reserve(bytes, cancellable: cancellable ?? Cancellable())
                } catch {
                    state.budgetRefusal = error
                    state.refused = true
                    loader.setSize(width: 0, height: 0)
                    return
                }
            }
            if let size { loader.setSize(width: size.width, height: size.height) }
        }

        var failure: DecodeError?
        do throws(GLibError) {
            let fed = try loader.feed(data, chunkSize: Self.chunkSize) { state.refused || isCancelled() }
            if !fed, !state.refused { failure = .cancelled }
        } catch {
            failure = DecodeError(error, format: format.name)
        }
        // Always close the loader (it warns if finalized open); its error matters only if nothing failed before.
        let closeError: GLibError?
        do throws(GLibError) { try loader.close(); closeError = nil } catch { closeError = error }

        if let refusal = state.budgetRefusal { throw DecodeError(refusal) }
        if state.refused, let declared = state.declared {
            if declared.width <= 0 || declared.height <= 0 {
                throw .undecodable(Words("the image declares no pixels"))
            }
            throw .tooManyPixels(width: declared.width, height: declared.height, limit: limit)
        }
        if let failure { throw failure }
        if let closeError { throw DecodeError(closeError, format: format.name) }
        guard let loaded = loader.pixbuf else { throw .undecodable(Words("no image data")) }
        let profile = Self.embeddedProfile(of: loaded, data: data, format: format.name, header: header, report: &report)
        if readsDetails, let parsers { report.details = Self.details(of: data, format: format.name, parsers: parsers) }
        // GdkPixbuf shows a truncated PNG or JPEG as a partial image without an error; refuse it.
        if let cut = Self.truncation(of: data, format: format.name) { throw .truncated(format: cut) }
        if isCancelled() { throw .cancelled }

        // In sRGB after any downscaling: a thumbnail's transform costs a thumbnail's pixels.
        return Self.inSRGB(try finished(loaded, scaled: !downscale), profile: profile, report: &report)
    }

    /// What a compressed drawing (`.svgz`, gzip) expands to at most: the size an image may have.
    static let expandedLimit = 50 << 20

    /// `data` itself, or, for gzip data, the drawing it holds (expanded within `expandedLimit`):
    /// GdkPixbuf recognises no format in gzip bytes, and only a drawing is accepted compressed.
    static func expandingDrawing(_ data: Data) throws(DecodeError) -> Data {
        guard data.starts(with: [0x1F, 0x8B]) else { return data }
        let expanded: Data
        do throws(Gunzip.Failure) {
            expanded = try Gunzip.expand(data, limit: expandedLimit)
        } catch .tooLarge {
            throw .drawing(Words("compressed, it expands past %1$s MB", "\(expandedLimit >> 20)"))
        } catch {
            throw .undecodable(Words("its compressed data cannot be read"))
        }
        guard PixbufFormats.format(sniffing: expanded)?.name == "svg" else {
            throw .undecodable(Words("compressed, it holds no drawing"))
        }
        return expanded
    }
}
