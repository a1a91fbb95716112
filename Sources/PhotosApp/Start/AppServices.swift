// Why this exists: what every window shares: the SoupSessions (made on the main thread), the fetcher, the caches, preferences and command-line overrides.
import GalleryViews
import Foundation
import PhotoDecoding
import PhotoPipeline
import PhotoFetching
import GalleryContents
import PhotoTrace

@MainActor
final class AppServices {
    let http: HTTPClient
    let fetcher: ResourceFetcher
    let preferences = AppSettings()
    let options: CommandLineOptions
    /// Decoded thumbnails in memory, shared by every gallery (a reload finds its images here).
    let memory: MemoryCache
    let folders = CacheFolders.fromEnvironment
    /// The disk levels: the desktop's shared thumbnails (local photos) and the app's HTTP cache.
    let caches: DiskCaches
    /// Reads the dates taken a folder sorted by date needs, kept in the metadata index.
    let dateReader: DateReader
    /// How GTK's renderer was chosen at start-up.
    var renderer: RendererChoice.Decision?

    /// Where photos are decoded and edited: the app's sandboxed helpers, and the user's choice
    /// where they cannot be sandboxed.
    let sandbox: DecoderSandbox
    /// Copy's and drags' files, in private folders removed at quit.
    let copies = CopyPhotos(), drags = DragOut()
    let decoders: Decoders
    /// The display's colours, followed for every window.
    let displayColour: DisplayColour
    /// The app's trace (`Launch` makes it): everything that reports is handed it from here.
    let trace: Trace

    init(options: CommandLineOptions, sandbox: DecoderSandbox, trace: Trace) {
        self.trace = trace
        self.options = options
        self.sandbox = sandbox
        decoders = sandbox.decoders
        displayColour = DisplayColour(trace: trace)
        http = HTTPClient(configuration: .traced(in: trace))
        fetcher = ResourceFetcher(http: http)
        memory = MemoryCache(limit: CacheLimits.memory(settingMiB: preferences.memoryCacheSize))
        let diskLimit = CacheLimits.disk(settingMiB: preferences.diskCacheSize)
        caches = DiskCaches(shared: SharedThumbnails(folders: folders, decoders: decoders),
                            http: diskLimit > 0 ? HTTPDiskCache(folders: folders, limit: diskLimit) : nil)
        dateReader = DateReader(index: MetadataIndex(folders: folders, trace: trace), decoders: decoders, files: fetcher.files)
    }

    /// Pipeline settings from the preferences, with command-line options taking precedence.
    func pipelineSettings() -> PipelineSettings {
        var settings = PipelineSettings()
        settings.downloadConcurrency = options.downloadConcurrency ?? preferences.downloadConcurrency
        let filters = options.filtrationConcurrency ?? preferences.filtrationConcurrency
        if filters > 0 { settings.filtrationConcurrency = filters }
        settings.sepiaIntensity = preferences.sepiaIntensity
        return settings
    }

    /// A gallery for a window at `scaleFactor`: thumbnails decoded at the row's size in device
    /// pixels, the viewer's screen-sized decode at the screen's.
    func makeGallery(_ manifest: Manifest, scaleFactor: Int32, thumbnailSize: Int32, demand: RowDemand?) -> PhotoGallery {
        var settings = pipelineSettings()
        settings.thumbnailPixels = Int(thumbnailSize * max(1, scaleFactor))
        settings.viewerScreenPixels *= Int(max(1, scaleFactor))
        settings.downscaleWhileDecoding = !options.fullDecode
        return PhotoGallery(manifest: manifest, settings: settings, decoders: decoders, fetcher: fetcher, memory: memory, caches: caches, demand: demand, trace: trace)
    }

    /// Clear Cache: the memory cache, the app's own disk cache and its failure entries. The
    /// desktop's shared thumbnails are never deleted: other apps use them too.
    func clearCaches() {
        memory.removeAll()
        caches.http?.removeAll()
        caches.shared?.removeOwnFailures()
        let index = dateReader.index
        DispatchQueue.global(qos: .utility).async { index.removeAll() }
        trace.emit(.cacheCleared)
    }
}
