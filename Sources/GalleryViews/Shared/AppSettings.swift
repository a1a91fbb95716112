// Why this exists: the app's preferences in GSettings (window state, queue widths, sepia intensity, last manifest), with defaults when the schema is not installed.
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline
import GLibDesktop
import PhotoDecoding
import GalleryContents
import PhotoTrace

@MainActor
package final class AppSettings {
    package static let schemaID = AppInfo.baseID
    /// Nil for a plain `swift build` run with no schema compiled anywhere: defaults, not saved.
    private let settings: Settings?
    private var memory: [String: Any] = [:]

    package init() {
        // Installed schemas come through the default source; a staged install or a build tree
        // ships a compiled copy in the app's data folder.
        let extra = DataLocations.dataDirectories.map { ($0 as NSString).appendingPathComponent("schemas") }
        // A schema from an older install lacks the newest key: reading it would abort, so such a
        // schema is not used (defaults, not saved) until the install is updated.
        settings = Settings(schemaID: Self.schemaID, extraDirectories: extra, requiredKeys: ["thumbnail-size"])
    }

    package var isPersistent: Bool { settings != nil }

    private func int(_ key: String, _ fallback: Int32) -> Int32 { settings?.int(key) ?? (memory[key] as? Int32 ?? fallback) }
    private func setInt(_ key: String, _ value: Int32) { if let settings { settings.setInt(key, value) } else { memory[key] = value } }

    /// The window's sides, as the schema's ranges say: a size outside is never saved (GSettings
    /// would refuse it), and one read from elsewhere is brought within it.
    package static let windowSides: ClosedRange<Int32> = 240...16384

    package var windowWidth: Int32 {
        get { int("window-width", 720).within(Self.windowSides) }
        set { setInt("window-width", newValue.within(Self.windowSides)) }
    }
    package var windowHeight: Int32 {
        get { int("window-height", 640).within(Self.windowSides) }
        set { setInt("window-height", newValue.within(Self.windowSides)) }
    }
    package var windowMaximized: Bool {
        get { settings?.bool("window-maximized") ?? (memory["window-maximized"] as? Bool ?? false) }
        set { if let settings { settings.setBool("window-maximized", newValue) } else { memory["window-maximized"] = newValue } }
    }
    /// Downloads at once.
    package var downloadConcurrency: Int { Int(int("download-concurrency", 6)) }
    /// Filters at once; 0 means one per core.
    package var filtrationConcurrency: Int { Int(int("filtration-concurrency", 0)) }
    package var sepiaIntensity: Float { Float(settings?.double("sepia-intensity") ?? Double(SepiaKernel.defaultIntensity)) }

    /// The manifest opened last (a URI), reopened on launch.
    package var lastManifest: String {
        get { settings?.string("last-manifest") ?? (memory["last-manifest"] as? String ?? "") }
        set { if let settings { settings.setString("last-manifest", newValue) } else { memory["last-manifest"] = newValue } }
    }
    /// The gallery being loaded: set as a load starts, cleared as it ends. Found set at launch,
    /// the app stopped (crashed, was killed) while loading it.
    package var loadingGallery: String {
        get { settings?.string("loading-gallery") ?? (memory["loading-gallery"] as? String ?? "") }
        set { if let settings { settings.setString("loading-gallery", newValue) } else { memory["loading-gallery"] = newValue } }
    }
    /// Galleries opened, most recent first.
    package var recentGalleries: [String] {
        get { settings?.strings("recent-galleries") ?? (memory["recent-galleries"] as? [String] ?? []) }
        set { if let settings { settings.setStrings("recent-galleries", newValue) } else { memory["recent-galleries"] = newValue } }
    }
    package static let recentLimit = 8

    /// The order each gallery was last sorted in, as "ORDER URI", most recent first.
    private var galleryOrders: [String] {
        get { settings?.strings("gallery-orders") ?? (memory["gallery-orders"] as? [String] ?? []) }
        set { if let settings { settings.setStrings("gallery-orders", newValue) } else { memory["gallery-orders"] = newValue } }
    }
    /// How many galleries' orders are remembered (the oldest forgotten first).
    package static let ordersLimit = 200

    /// The order `gallery` (its URI) was last sorted in, if one was chosen and still applies.
    package func order(of gallery: String, isFolder: Bool) -> PhotoOrder? {
        for entry in galleryOrders {
            guard let space = entry.firstIndex(of: " "), entry[entry.index(after: space)...] == gallery else { continue }
            return PhotoOrder(name: String(entry[..<space])).flatMap { $0.applies(isFolder: isFolder) ? $0 : nil }
        }
        return nil
    }

    /// The folders shown with their subfolders (paths, most recent first).
    private var subfolderGalleries: [String] {
        get { settings?.strings("subfolder-galleries") ?? (memory["subfolder-galleries"] as? [String] ?? []) }
        set { if let settings { settings.setStrings("subfolder-galleries", newValue) } else { memory["subfolder-galleries"] = newValue } }
    }

    package func includesSubfolders(_ gallery: String) -> Bool { subfolderGalleries.contains(gallery) }

    package func setIncludesSubfolders(_ included: Bool, _ gallery: String) {
        let others = subfolderGalleries.filter { $0 != gallery }
        subfolderGalleries = Array(((included ? [gallery] : []) + others).prefix(Self.ordersLimit))
    }

    package func setOrder(_ order: PhotoOrder, of gallery: String) {
        let others = galleryOrders.filter { !$0.hasSuffix(" " + gallery) }
        galleryOrders = Array((["\(order) \(gallery)"] + others).prefix(Self.ordersLimit))
    }

    /// A gallery starts loading (the sample gallery is not remembered as recent).
    package func loadStarted(_ source: String, isSample: Bool) {
        loadingGallery = source
        guard !isSample else { return }
        recentGalleries = Array(([source] + recentGalleries.filter { $0 != source }).prefix(Self.recentLimit))
    }

    /// It loaded to its end, or failed with a reason the window shows: safe to reopen.
    package func loadEnded(_ source: String, isSample: Bool) {
        loadingGallery = ""
        lastManifest = isSample ? "" : source
    }

    /// MiB of decoded thumbnails kept in memory; 0 means automatic.
    package var memoryCacheSize: Int { Int(int("memory-cache-size", 0)) }
    /// MiB of the disk cache for remote photos; 0 turns it off.
    package var diskCacheSize: Int { Int(int("disk-cache-size", 256)) }
    /// Manifests (URIs) the user allowed to reach the local network.
    package var localNetworkGalleries: [String] {
        get { settings?.strings("local-network-galleries") ?? (memory["local-network-galleries"] as? [String] ?? []) }
        set {
            if let settings { settings.setStrings("local-network-galleries", newValue) } else { memory["local-network-galleries"] = newValue }
        }
    }
    /// Manifests (URIs) the user allowed to reach this computer (loopback) too.
    package var thisComputerGalleries: [String] {
        get { settings?.strings("this-computer-galleries") ?? (memory["this-computer-galleries"] as? [String] ?? []) }
        set {
            if let settings { settings.setStrings("this-computer-galleries", newValue) } else { memory["this-computer-galleries"] = newValue }
        }
    }
    /// How long the slideshow shows each photo (seconds: 3, 5 or 10), and whether it loops.
    package var slideshowInterval: Int32 {
        get { let seconds = int("slideshow-interval", 5); return [3, 5, 10].contains(seconds) ? seconds : 5 }
        set { if [3, 5, 10].contains(newValue) { setInt("slideshow-interval", newValue) } }
    }
    /// The user allowed decoding without bubblewrap where it cannot run (and has not withdrawn it).
    package var decodesWithoutSandbox: Bool {
        get { settings?.bool("decode-without-sandbox") ?? (memory["decode-without-sandbox"] as? Bool ?? false) }
        set { if let settings { settings.setBool("decode-without-sandbox", newValue) } else { memory["decode-without-sandbox"] = newValue } }
    }
    package var slideshowLoops: Bool {
        get { settings?.bool("slideshow-loop") ?? (memory["slideshow-loop"] as? Bool ?? false) }
        set { if let settings { settings.setBool("slideshow-loop", newValue) } else { memory["slideshow-loop"] = newValue } }
    }
    /// The operations inspector is shown, and how wide.
    package var inspectorOpen: Bool {
        get { settings?.bool("inspector-open") ?? (memory["inspector-open"] as? Bool ?? false) }
        set { if let settings { settings.setBool("inspector-open", newValue) } else { memory["inspector-open"] = newValue } }
    }
    package var inspectorWidth: Int32 {
        get { int("inspector-width", 340) }
        set { setInt("inspector-width", max(200, min(2000, newValue))) }
    }
    package var lastFolder: String {
        get { settings?.string("last-folder") ?? (memory["last-folder"] as? String ?? "") }
        set { if let settings { settings.setString("last-folder", newValue) } else { memory["last-folder"] = newValue } }
    }
    /// Where Save As and Export Gallery open (empty: the Pictures folder).
    package var lastSaveFolder: String {
        get { settings?.string("last-save-folder") ?? (memory["last-save-folder"] as? String ?? "") }
        set { if let settings { settings.setString("last-save-folder", newValue) } else { memory["last-save-folder"] = newValue } }
    }
    package var exportFormat: ExportFormat {
        get { ExportFormat(rawValue: settings?.string("export-format") ?? (memory["export-format"] as? String ?? "")) ?? .jpeg }
        set { if let settings { settings.setString("export-format", newValue.rawValue) } else { memory["export-format"] = newValue.rawValue } }
    }
    /// Export Gallery's Include location choice (off by default).
    package var exportKeepsLocation: Bool {
        get { settings?.bool("export-keep-location") ?? (memory["export-keep-location"] as? Bool ?? false) }
        set { if let settings { settings.setBool("export-keep-location", newValue) } else { memory["export-keep-location"] = newValue } }
    }
    /// How the gallery is laid out.
    package var layout: GalleryLayout {
        get { GalleryLayout(rawValue: settings?.string("layout") ?? (memory["layout"] as? String ?? "")) ?? .list }
        set { if let settings { settings.setString("layout", newValue.rawValue) } else { memory["layout"] = newValue.rawValue } }
    }
    /// The thumbnail size of `layout`'s rows or cells, in points: each layout keeps its own.
    package func thumbnailSize(for layout: GalleryLayout) -> Int32 {
        layout == .list ? thumbnailSize : ThumbnailSizes.step(int("grid-thumbnail-size", layout.standardSize))
    }
    package func setThumbnailSize(_ size: Int32, for layout: GalleryLayout) {
        if layout == .list { thumbnailSize = size } else { setInt("grid-thumbnail-size", ThumbnailSizes.step(size)) }
    }
    /// The rows' thumbnail size, in points (one of ThumbnailSizes.steps).
    package var thumbnailSize: Int32 {
        get { ThumbnailSizes.step(int("thumbnail-size", ThumbnailSizes.standard)) }
        set { setInt("thumbnail-size", ThumbnailSizes.step(newValue)) }
    }
    /// "follow" (the desktop's colour scheme), "light" or "dark".
    package var style: String {
        get { settings?.string("style") ?? (memory["style"] as? String ?? "follow") }
        set { if let settings { settings.setString("style", newValue) } else { memory["style"] = newValue } }
    }
}

private extension Int32 {
    func within(_ range: ClosedRange<Int32>) -> Int32 { Swift.min(Swift.max(self, range.lowerBound), range.upperBound) }
}
