// Why this exists: the viewer's operation work: a photo's encoded bytes from the nearest place that has them (PhotoSource+Bytes), decoded at full size within the memory budget, and its sepia made on every core.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import PhotoTrace

/// What the viewer shows about a loaded photo besides its pixels (the Details panel).
public struct FullImageDetails: Sendable {
    /// The size the photo declares (its decoded image may be smaller: see `ImageDecoder.maxPixels`).
    public var width = 0
    public var height = 0
    public var fileSize = 0
    public var mimeType: String?
    /// The format's name as its loader describes it ("WebP image").
    public var formatName: String?
    /// An animated GIF's or WebP's frames (nil for a still).
    public var frameCount: Int?
    /// A drawing's (SVG's) size as the viewer shows it at 100 %: fitted to the screen, whatever
    /// size it was rendered at (it is rendered again, sharper, as it is zoomed).
    public var drawingSize: PixelSize?
    /// The colour profile the photo carries (its name), whether its pixels were converted from
    /// it, and why not where it was not used (`ImageDecoder.Report`).
    public var profileName: String?
    public var profileConverted = false
    public var profileIgnored: String?
    /// What the photo says about itself (camera, exposure, when and where), if anything.
    public var photo: PhotoDetails?
    /// The photo converted for the display, made on the worker where a display profile is set.
    public var forScreen: ScreenImage?
    /// Where the bytes came from.
    public var from = BytesSource.network
    /// A RAW file's picture from its camera's preview: its developed picture follows.
    public var fromRawPreview = false
    /// The encoded photo, kept while the viewer holds it, to switch sepia on or off without a fetch.
    public var encoded: Data?
    /// Rate, Flag or Tags changed its marks after it was decoded (`photo` shows them): `encoded`
    /// holds them as they were, so a decode of those bytes takes these instead.
    public var marksWritten = false
    public init() {}
}

/// A width and a height in pixels.
public struct PixelSize: Sendable, Equatable {
    public let width: Int
    public let height: Int
}

/// Filled on the worker, read on the main loop once the operation finished.
public final class FullImageResult: Sendable {
    private let stored = Locked(FullImageDetails())
    public var details: FullImageDetails { stored.withLock { $0 } }
    func set(_ details: FullImageDetails) { stored.withLock { $0 = details } }
}

public struct FullImageLoader: StageWork {
    /// The photo; the limits the list applies (decompression bombs, response size) apply here too.
    public let source: PhotoSource
    /// The image shown fits this many pixels on its longest side and in all (downscaled while decoding).
    let maxDimension: Int
    let maxPixels: Int
    let sepia: Bool
    let filter: SepiaFilter
    /// The download this operation waits on (its dependency), which hands over the bytes it read.
    let download: OriginalBytes?
    /// Bytes the viewer already holds (switching sepia on or off).
    let held: Data?
    /// Bytes received so far and expected, on the worker thread, while it fetches from the network.
    let progress: (@Sendable (Int, Int?) -> Void)?
    /// The display's colours, if the photo is also made ready for them here (nil: tests).
    let screen: ScreenColours?
    public let result = FullImageResult()
    public var stage: Stage { .viewer }

    /// Decoded to fit the screen, or at full size (within the budget).
    public let fullResolution: Bool
    /// A drawing rendered this many pixels on its longest side (zoomed in), not to fit the screen.
    public let drawingSide: Int?
    /// A RAW file developed from its sensor's data, after its preview was shown.
    public let developsRaw: Bool
    let screenSide: Int

    public init(_ source: PhotoSource, settings: PipelineSettings, sepia: Bool, fullResolution: Bool = false, drawingSide: Int? = nil,
                developsRaw: Bool = false, download: OriginalBytes? = nil, held: Data? = nil, screen: ScreenColours? = nil,
                progress: (@Sendable (Int, Int?) -> Void)? = nil) {
        self.source = source
        self.developsRaw = developsRaw
        self.screen = screen
        self.fullResolution = fullResolution
        self.drawingSide = drawingSide
        screenSide = min(settings.viewerScreenPixels, settings.viewerMaxDimension)
        maxDimension = drawingSide.map { min($0, settings.viewerMaxDimension) }
            ?? (fullResolution ? settings.viewerMaxDimension : screenSide)
        maxPixels = settings.viewerMaxPixels
        self.sepia = sepia
        filter = settings.sepia
        self.download = download
        self.held = held
        self.progress = progress
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        do throws(FetchError) {
            let (data, from) = try source.bytes(held: held, download: download, cancellable: context.cancellable, progress: progress)
            if context.isCancelled { return .cancelled }
            var decoder = ImageDecoder(maxDimension: maxDimension, pixelLimit: source.pixelLimit)
            decoder.maxPixels = maxPixels
            decoder.decoding(source.url, by: source.decoders)
            decoder.urgent = true
            decoder.readsDetails = true
            decoder.developsRaw = developsRaw
            var report = ImageDecoder.Report()
            var image: Thumbnail
            do {
                image = try decoder.decode(data, by: source.decoders, report: &report, within: source.decoders.budget, cancellable: context.cancellable,
                                           isCancelled: { context.isCancelled })
            } catch .cancelled {
                return .cancelled
            } catch {
                return .failed(StageFailure(error))
            }
            report.traceColour(of: source.url, in: source.trace)
            if sepia {
                do {
                    image = try filter.filter(image, isCancelled: { context.isCancelled })
                } catch .cancelled {
                    return .cancelled
                } catch {
                    return .failed(StageFailure(error))
                }
            }
            var details = FullImageDetails()
            details.width = report.declaredWidth
            details.height = report.declaredHeight
            details.fileSize = data.count
            details.mimeType = report.mimeType
            details.formatName = report.formatName
            details.frameCount = report.frames >= 2 ? report.frames : nil
            details.profileName = report.profileName
            details.profileConverted = report.profileConverted
            details.profileIgnored = report.profileIgnored
            details.photo = report.details
            // A photo of this computer's with an XMP sidecar: its marks, where the sidecar is newer.
            if source.url.isFileURL, let sidecar = PhotoMarking.sidecarMarks(ofPhoto: source.url.path, by: source.decoders) {
                var info = stat()
                let modified = stat(source.url.path, &info) == 0 ? Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 : 0
                details.photo = PhotoMarking.shown(details.photo, photoModified: modified, sidecar: sidecar)
            }
            if report.mimeType == "image/svg+xml", report.declaredWidth > 0, report.declaredHeight > 0 {
                let shown = ImageDecoder.fit(width: report.declaredWidth, height: report.declaredHeight, maxSide: screenSide, enlarge: true)
                    ?? (report.declaredWidth, report.declaredHeight)
                details.drawingSize = PixelSize(width: shown.width, height: shown.height)
            }
            details.from = from
            details.fromRawPreview = report.fromRawPreview
            details.encoded = data
            if context.isCancelled { return .cancelled }
            details.forScreen = screen?.forScreen(image.pixbuf)
            result.set(details)
            return .image(image, from: nil)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(StageFailure(error))
        }
    }
}
