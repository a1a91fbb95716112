// Why this exists: the export queue's operation work: one photo read from the nearest place that has it, decoded at full size (turned upright, within the decode budget and the viewer's pixel cap), in sepia or not, encoded with the original's metadata as asked, and written beside its target, then renamed into place.
import PhotoFormats
import Foundation
import GLibRuntime
import MetadataValues
import PhotoDecoding
import PhotoFetching
import PhotoTrace

/// What an export of one photo may write over, and where.
public struct ExportTarget: Sendable {
    /// The file's whole path.
    public let path: String
    /// True when the user agreed to replace a file there (the Save As chooser asked); an export of
    /// a gallery never replaces one.
    public let replacing: Bool
    /// A gallery's export: the folder it opened once, and the file's name in it.
    let folder: (ExportFolder, name: String)?
    /// Who may read it: everyone (a saved or exported photo), or only the user (a picture made
    /// for the desktop's background, kept in the app's own folder).
    public var mode: mode_t = 0o644

    public init(path: String, replacing: Bool, mode: mode_t = 0o644) {
        self.path = path
        self.replacing = replacing
        self.mode = mode
        folder = nil
    }

    /// A new file `name` in `folder`, written relative to the folder's descriptor.
    public init(name: String, in folder: ExportFolder) {
        path = (folder.path as NSString).appendingPathComponent(name)
        replacing = false
        self.folder = (folder, name)
    }
}

public struct PhotoExport: StageWork {
    public let source: PhotoSource
    public let target: ExportTarget
    public let format: ExportFormat
    public let sepia: Bool
    let filter: SepiaFilter
    /// Refused above this many pixels (the viewer's cap): a photo is saved whole or not at all.
    let maxPixels: Int
    let maxDimension: Int
    /// Bytes the caller already holds (the viewer's), so nothing is fetched again.
    let held: Data?
    /// What the written file keeps of the original's metadata.
    public let metadata: MetadataPolicy
    /// How much of it was kept, and why not all, once written.
    public let kept = Locked<(MetadataKept, Words?)?>(nil)
    /// Why it failed, once it has (a gallery's export stops at a destination failure).
    public let failure = Locked<ExportFailure?>(nil)
    public var stage: Stage { .export }

    public init(_ source: PhotoSource, to target: ExportTarget, format: ExportFormat, sepia: Bool, settings: PipelineSettings,
                held: Data? = nil, metadata: MetadataPolicy = .none) {
        self.source = source
        self.target = target
        self.format = format
        self.sepia = sepia
        filter = settings.sepia
        maxPixels = settings.viewerMaxPixels
        maxDimension = settings.viewerMaxDimension
        self.held = held
        self.metadata = metadata
    }

    /// The photo at full size, upright, in sepia if asked: what is written, and what Copy puts on
    /// the clipboard.
    public func image(_ context: WorkContext) -> Result<Thumbnail, ExportFailure> {
        made(context).map(\.image)
    }

    /// The image and the original's bytes it was made from.
    private func made(_ context: WorkContext) -> Result<(image: Thumbnail, original: Data), ExportFailure> {
        let data: Data
        do throws(FetchError) {
            data = try source.bytes(held: held, cancellable: context.cancellable).0
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.photo(StageFailure(error)))
        }
        if context.isCancelled { return .failure(.cancelled) }
        // Over the cap it is refused, not shrunk: a saved photo is the photo's every pixel.
        var decoder = ImageDecoder(maxDimension: maxDimension, pixelLimit: min(source.pixelLimit, maxPixels))
        decoder.maxPixels = maxPixels
        decoder.decoding(source.url, by: source.decoders)
        decoder.forExport = true
        var image: Thumbnail
        do throws(DecodeError) {
            image = try decoder.decode(data, by: source.decoders, within: source.decoders.budget, cancellable: context.cancellable, isCancelled: { context.isCancelled })
        } catch .cancelled {
            return .failure(.cancelled)
        } catch {
            return .failure(.photo(StageFailure(error)))
        }
        if sepia {
            do throws(FilterError) {
                image = try filter.filter(image, isCancelled: { context.isCancelled })
            } catch .cancelled {
                return .failure(.cancelled)
            } catch {
                return .failure(.photo(StageFailure(error)))
            }
        }
        return .success((image, data))
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        BackgroundPriority.lowerCurrentThread(to: BackgroundPriority.exportNiceness)
        switch write(context) {
        case .success(let bytes): return .written(bytes: bytes)
        case .failure(.cancelled): return .cancelled
        case .failure(let failure):
            self.failure.withLock { $0 = failure }
            return .failed(StageFailure(failure))
        }
    }

    /// Made, encoded and written; the bytes written, or why not (`destination` failures stop a
    /// gallery's export: the next photo would fail the same way).
    func write(_ context: WorkContext) -> Result<Int, ExportFailure> {
        let image: Thumbnail, original: Data
        switch made(context) {
        case .success(let made): (image, original) = made
        case .failure(let failure): return .failure(failure)
        }
        var encoded: Data
        do throws(GLibError) {
            encoded = format.taggedSRGB(try image.pixbuf.encoded(as: format.pixbufType, options: format.pixbufOptions))
        } catch {
            return .failure(.photo(StageFailure(.other, Words("could not be encoded as %1$s: %2$s", "\(format.rawValue.uppercased())", "\(error.message)"))))
        }
        if case .keep(let location) = metadata {
            let edit = MetadataEdit(keepsLocation: location, width: image.pixbuf.width, height: image.pixbuf.height)
            switch KeptMetadata.carry(original, into: encoded, edit, by: source.decoders, origin: HelperPool.exportOrigin(ImageDecoder.origin(of: source.url)),
                                      cancellable: context.cancellable) {
            case .kept(let file, let how):
                encoded = file
                kept.withLock { $0 = (how, how == .standard ? Words("only its standard EXIF could be kept") : nil) }
            case .none: kept.withLock { $0 = (.none, nil) }
            case .failed(let why): kept.withLock { $0 = (.failed, why) }
            case .cancelled: return .failure(.cancelled)
            }
            if let (how, why) = kept.withLock({ $0 }) {
                source.trace.emit(.metadata(path: target.path, kept: how, location: location, reason: why?.description))
            }
        }
        // The last moment to stop: once renamed, the file is the user's.
        if context.isCancelled { return .failure(.cancelled) }
        let written = target.folder.map { folder, name in
            AtomicFile.write(encoded, named: name, in: folder.fd, durable: true, mode: target.mode, replacing: false)
        } ?? AtomicFile.write(encoded, to: target.path, durable: true, mode: target.mode, replacing: target.replacing)
        switch written {
        case .success: return .success(encoded.count)
        case .failure(let error): return .failure(.destination(error))
        }
    }
}

