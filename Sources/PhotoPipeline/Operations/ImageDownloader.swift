// Why this exists: the tutorial's ImageDownloader: get a photo's row thumbnail from the nearest cache level that has it (shared thumbnails, the HTTP cache, then the file or the network), checking for cancellation, and write back what it made.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import PhotoTrace

/// The disk levels a download may use (either may be missing: no writable cache folder).
public struct DiskCaches: Sendable {
    public let shared: SharedThumbnails?
    public let http: HTTPDiskCache?
    public init(shared: SharedThumbnails?, http: HTTPDiskCache?) {
        self.shared = shared
        self.http = http
    }
    public static let none = DiskCaches(shared: nil, http: nil)
}

public struct ImageDownloader: StageWork {
    public let source: PhotoSource
    /// The row's square, in device pixels.
    let rowPixels: Int
    /// Benchmarks only: decode at full size, then scale.
    let downscaleWhileDecoding: Bool
    /// Only the photo's preview, from its first bytes (`PhotoSharePreview`), unless a cache has the image.
    let preview: Bool
    /// The photo's encoded bytes once read, for a viewer operation waiting on this download.
    public let original = OriginalBytes()
    public var stage: Stage { .download }
    public var handsOn: StageHandoff { .originalBytes(original) }

    public init(_ source: PhotoSource, rowPixels: Int, downscaleWhileDecoding: Bool = true, preview: Bool = false) {
        self.source = source
        self.rowPixels = rowPixels
        self.downscaleWhileDecoding = downscaleWhileDecoding
        self.preview = preview
    }

    public func run(_ context: WorkContext) -> StageOutcome {
        do throws(FetchError) {
            if ResourceFetcher.isFile(source.url) { return try local(context) }
            return try remote(context)
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(StageFailure(error))
        }
    }

    /// A decoder that fits the photo within `box` (keeping its proportions), as the caches keep
    /// it; a RAW file turned as its sidecar says (`sidecarTurn`, read once by the caller).
    func decoder(box: Int, sidecarTurn: Int? = nil) -> ImageDecoder {
        var decoder = ImageDecoder(maxDimension: box, pixelLimit: source.pixelLimit)
        decoder.downscaleWhileDecoding = downscaleWhileDecoding
        decoder.decoding(source.url)
        decoder.sidecarOrientation = sidecarTurn
        return decoder
    }

    // MARK: the user's photos (on this computer or a share): the shared thumbnail cache, then the file

    func local(_ context: WorkContext) throws(FetchError) -> StageOutcome {
        let status = try source.fetcher.status(source.url, cancellable: context.cancellable)
        // A share's photo is kept under its own URI, as the thumbnail spec says of remote files.
        let uri = source.url.isFileURL ? SharedThumbnails.uri(forPath: try LocalFileFetcher.localPath(of: source.url)) : source.url.absoluteString
        let size = SharedThumbnails.Size.covering(rowPixels)
        // A RAW file Rotate turned keeps its turn in its sidecar: its thumbnails are kept turned, and say so.
        let sidecarTurn = source.url.isFileURL ? SidecarTurning.orientation(ofPhoto: source.url.path, by: source.decoders) : nil
        if let shared = source.caches.shared {
            if let found = shared.lookup(uri: uri, mtime: status.modified, size: size, sidecarTurn: sidecarTurn) {
                let right = found.profileApplied ? true : try colourNeedsNoProfile(context)
                if right, let square = RowThumbnail.square(found.pixbuf, pixels: rowPixels) { return .image(square, from: .thumbnailCache) }
            }
            if let failure = shared.knownFailure(uri: uri, mtime: status.modified) { return .failed(StageFailure(failure)) }
        }
        if context.isCancelled { return .cancelled }
        if preview { return try previewed(context) }
        // A RAW file's thumbnail from its head alone (its previews, not its sensor's data); the
        // whole file if that does not decode.
        if let head = try rawHead(context, fileSize: status.size) {
            let outcome = thumbnail(of: head, size: size, uri: uri, status: status, sidecarTurn: sidecarTurn, context, remembersFailure: false)
            if case .failed = outcome {} else { return outcome }
        }
        let data = try source.fetcher.fetch(source.url, limit: source.byteLimit, cancellable: context.cancellable)
        original.keep(data)
        return thumbnail(of: data, size: size, uri: uri, status: status, sidecarTurn: sidecarTurn, context, remembersFailure: true)
    }

    /// The row's thumbnail of the photo's bytes (`data`), kept in the shared cache; a failure
    /// remembered there too, where `remembersFailure`.
    func thumbnail(of data: Data, size: SharedThumbnails.Size, uri: String, status: LocalFileStatus, sidecarTurn: Int?, _ context: WorkContext,
                   remembersFailure: Bool) -> StageOutcome {
        var report = ImageDecoder.Report()
        let box: Thumbnail
        do {
            box = try decoder(box: size.pixels, sidecarTurn: sidecarTurn).decode(data, by: source.decoders, report: &report, within: source.decoders.budget, cancellable: context.cancellable,
                                                       isCancelled: { context.isCancelled })
        } catch .cancelled {
            return .cancelled
        } catch {
            // Not decoded for want of a sandbox says nothing of the photo: never remembered as its failure.
            if case .notSandboxed = error {} else if remembersFailure { source.caches.shared?.recordFailure(uri: uri, mtime: status.modified, error: error) }
            return .failed(StageFailure(error))
        }
        report.traceColour(of: source.url, in: source.trace)
        source.caches.shared?.save(box.pixbuf, size: size, uri: uri, mtime: status.modified, fileSize: status.size,
                            mimeType: report.mimeType, imageWidth: report.declaredWidth, imageHeight: report.declaredHeight, sidecarTurn: sidecarTurn)
        guard let square = RowThumbnail.square(box.pixbuf, pixels: rowPixels) else { return .failed("could not scale the image") }
        return .image(square, from: .file)
    }

    /// Whether the photo's first bytes say it has no profile, or an sRGB one (asked of a helper):
    /// a thumbnail another app made without applying a profile is right for it.
    func colourNeedsNoProfile(_ context: WorkContext) throws(FetchError) -> Bool {
        let start = try source.fetcher.fetchStart(source.url, count: ImageDecoder.profileCheckBytes, cancellable: context.cancellable)
        let check = ImageDecoder.checkProfile(start, by: source.decoders, origin: ImageDecoder.origin(of: source.url), cancellable: context.cancellable)
        return check == .none || check == .sRGB
    }

    // MARK: remote photos: the HTTP cache (fresh, or revalidated), then the network

    /// Remote thumbnails are kept at the large size at least, so any scale factor up to 4 finds one.
    var remoteBox: Int { max(SharedThumbnails.Size.large.pixels, SharedThumbnails.Size.covering(rowPixels).pixels) }

    func remote(_ context: WorkContext) throws(FetchError) -> StageOutcome {
        let key = source.url.absoluteString
        var conditional: [String: String] = [:]
        let cached = source.caches.http?.entry(for: key)
        if let cached, cached.header.thumbnailBox >= remoteBox {
            if cached.header.freshness.isFresh(), let square = thumbnail(from: cached) {
                return .image(square, from: .httpCache)
            }
            if cached.header.freshness.canRevalidate { conditional = cached.header.freshness.conditionalHeaders }
        }
        let response = try source.fetcher.http.send(HTTPRequest(url: source.url, limit: source.byteLimit, origin: source.origin, headers: conditional),
                                             cancellable: context.cancellable)
        if response.status == 304, let cached, let http = source.caches.http {
            http.refresh(cached, freshness: cached.header.freshness.refreshed(with: response.headers))
            if let square = thumbnail(from: cached) { return .image(square, from: .revalidated) }
        }
        if context.isCancelled { return .cancelled }
        original.keep(response.body)
        var report = ImageDecoder.Report()
        let box: Thumbnail
        do {
            box = try decoder(box: remoteBox).decode(response.body, by: source.decoders, report: &report, within: source.decoders.budget, cancellable: context.cancellable,
                                                     isCancelled: { context.isCancelled })
        } catch .cancelled {
            return .cancelled
        } catch {
            return .failed(StageFailure(error))
        }
        report.traceColour(of: source.url, in: source.trace)
        if let http = source.caches.http, HTTPFreshness.mayStore(response.headers), let kept = CachedPixels.encode(box.pixbuf) {
            http.store(url: key, freshness: HTTPFreshness(headers: response.headers), contentType: response.headers["content-type"],
                       body: response.body, thumbnail: kept.data, box: remoteBox, pixels: kept.layout)
        }
        guard let square = RowThumbnail.square(box.pixbuf, pixels: rowPixels) else { return .failed("could not scale the image") }
        return .image(square, from: .network)
    }

    /// The row's thumbnail from a cache entry: its pixels read here, with no decoder (an entry
    /// from before them holds a PNG, decoded in a helper).
    func thumbnail(from entry: HTTPDiskCache.Entry) -> Thumbnail? {
        // The box is the entry's own word: never more than the largest the app makes.
        let box = min(entry.header.thumbnailBox, CachedPixels.largestSide)
        // Pixels that do not check out are a miss: never handed to the PNG decoder instead.
        let pixbuf = if let layout = entry.header.thumbnailPixels {
            CachedPixels.decode(entry.thumbnail, layout: layout, maxSide: box)
        } else {
            PNGFile.decode(entry.thumbnail, by: source.decoders, keys: [], maxSide: box)?.pixbuf
        }
        return pixbuf.flatMap { RowThumbnail.square($0, pixels: rowPixels) }
    }
}
