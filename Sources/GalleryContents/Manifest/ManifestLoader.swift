// Why this exists: reads a gallery off the main thread: a manifest from a local path or an http(s) URL, parsed; a folder on this computer; or a folder on a share (through GIO).
import PhotoFormats
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding
import PhotoFetching
import PhotoTrace

public struct ManifestLoader: Sendable {
    /// A manifest larger than this is refused before it is read whole (about 1.8 million rows).
    public static let byteLimit = 128 << 20

    public let fetcher: ResourceFetcher
    /// Where a folder's listing says its figures.
    public let trace: Trace
    public init(fetcher: ResourceFetcher, trace: Trace) {
        self.fetcher = fetcher
        self.trace = trace
    }

    /// Turn what the user typed or dropped (a path, a file: URL or an http(s) URL) into a URL.
    public static func sourceURL(for argument: String, relativeTo directory: String = FileManager.default.currentDirectoryPath) -> URL {
        if let scheme = URLPolicy.scheme(of: argument), let url = URL(string: argument), scheme.count > 1 {
            return url
        }
        let path = argument.hasPrefix("/") ? argument : (directory as NSString).appendingPathComponent(argument)
        return URL(fileURLWithPath: (path as NSString).standardizingPath)
    }

    /// What arrives before the rows: where the manifest is from, its name and its format.
    public struct Header: Sendable {
        public let source: URL
        public let title: String
        public let format: ManifestFormat
        public let origin: AddressSpace
        /// Opened from this computer: a folder, or a manifest file with no web origin.
        public let isUsersOwn: Bool
        /// A photo that was opened (not a manifest or a folder): the gallery is its folder, and
        /// the viewer opens on it.
        public var focus: URL? = nil
    }

    /// Blocking: call on a worker thread. Reads the manifest, then parses it, handing over the
    /// header and then the rows in batches as they are found (a big manifest shows its first
    /// rows before the last is read). Rows handed over before an error stay valid. Cancelling
    /// `cancellable` aborts a download in flight. A big folder shows the photos found first,
    /// sorted, and hands what its listing finds after to `grew`, merged into sorted places; its
    /// whole listing (in `folderOrder`'s order for the folder) is handed to `listed` at the end (its watcher keeps it up to date);
    /// a share folder's sizes and times to `listedShare`.
    public func load(_ source: URL, cancellable: Cancellable = Cancellable(),
                     header: (Header) -> Void, batch: @escaping @Sendable (ManifestRows) -> Void,
                     grew: @escaping @Sendable (FolderChange) -> Void = { _ in },
                     listed: (FolderContents) -> Void = { _ in },
                     listedShare: (ShareFolderFacts) -> Void = { _ in },
                     folderOrder: (URL) -> PhotoOrder = { _ in PhotoOrder(.name) },
                     subfolders: (URL) -> Bool = { _ in false },
                     knownDates: @escaping @Sendable ([DatedFile]) -> [String: TakenDate] = { _ in [:] }) throws(ManifestError) {
        // Below the GTK thread, which meanwhile starts up and shows the first rows.
        BackgroundPriority.lowerCurrentThread()
        guard let scheme = source.scheme?.lowercased(), ["file", "http", "https"].contains(scheme) || ShareFiles.schemes.contains(scheme) else {
            throw ManifestError(Words("unsupported manifest location “%1$s”", "\(source.absoluteString)"))
        }
        if ShareFiles.schemes.contains(scheme) {
            // A folder on a share (the window has mounted it), read through GIO.
            header(Header(source: source, title: ManifestParser.title(for: source), format: .share, origin: .local, isUsersOwn: true))
            listedShare(try ShareListing.rows(ofShare: source, cancellable: cancellable, trace: trace, files: fetcher.files, batch: batch,
                                              subfolders: subfolders(source)))
            return
        }
        if source.isFileURL, let folder = try folderToList(source) {
            // A folder, or a photo: the photo's folder, shown with the viewer on the photo.
            let focus = folder.path == source.path ? nil : source
            header(Header(source: folder, title: ManifestParser.title(for: folder), format: .folder, origin: .local, isUsersOwn: true, focus: focus))
            listed(try FolderListing.rows(ofFolder: folder.path, cancellable: cancellable, trace: trace, files: fetcher.files, batch: batch, grew: grew,
                                          order: folderOrder(folder), subfolders: subfolders(folder), knownDates: knownDates))
            return
        }
        let data: Data, origin: AddressSpace
        do {
            // The user chose this manifest: fetch it from anywhere; where it is (its first server,
            // or where a downloaded file came from) is the gallery's origin, and its redirects
            // may not go more private than that.
            (data, origin) = try fetcher.fetchWithSpace(source, limit: Self.byteLimit, cancellable: cancellable, from: nil)
        } catch .tooLarge {
            throw ManifestError(Words("the manifest is larger than %1$s", "\(ByteLimit.describe(Self.byteLimit))"))
        } catch {
            throw ManifestError(Words("could not read the manifest: %1$s", "\(error)"))
        }
        let format = try ManifestParser.sniff(data)
        let own = source.isFileURL && DownloadOrigin.url(ofFile: source.path) == nil
        header(Header(source: source, title: ManifestParser.title(for: source), format: format, origin: origin, isUsersOwn: own))
        try ManifestParser.parseRows(data, batch: batch)
    }

    /// The folder to list for a local `source`: itself if it is a folder, its folder if it is a
    /// photo (an image GdkPixbuf reads, by its content type); nil for a manifest file.
    private func folderToList(_ source: URL) throws(ManifestError) -> URL? {
        let path = source.path
        if DirectoryListing.isDirectory(path) { return URL(fileURLWithPath: path, isDirectory: true) }
        guard FileManager.default.fileExists(atPath: path), FolderListing.isImage(path: path) else { return nil }
        return source.deletingLastPathComponent()
    }

    /// The whole manifest at once (tests, and the benchmark's parse figures).
    public func load(_ source: URL, cancellable: Cancellable = Cancellable()) throws(ManifestError) -> Manifest {
        var found: Header?
        // Handed over on the listing's thread while this one waits.
        let rows = Locked(ManifestRowStore())
        try load(source, cancellable: cancellable, header: { found = $0 }, batch: { batch in rows.withLock { $0.append(batch) } },
                 grew: { change in rows.withLock { $0 = change.rows } })
        guard let found else { throw ManifestError(Words("no manifest")) }
        return Manifest(source: source, title: found.title, format: found.format, rows: rows.withLock { $0 }, origin: found.origin, isUsersOwn: found.isUsersOwn)
    }
}
