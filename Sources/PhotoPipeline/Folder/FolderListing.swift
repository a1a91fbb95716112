// Why this exists: a folder of the user's own photos read as a gallery: its images (the types GdkPixbuf loads), hidden files and subfolders left out, sorted as the file manager sorts names, handed over as rows like a manifest's.
import Foundation
import GdkPixbuf
import GLibRuntime

public enum FolderListing {
    /// The content types the installed GdkPixbuf loaders read.
    static let imageTypes = PixbufFormats.mimeTypes

    /// Whether GdkPixbuf can read content type `type` (a type or one of its aliases or subclasses).
    public static func isImage(contentType type: String) -> Bool {
        guard type.hasPrefix("image/") || type.hasPrefix("application/") else { return false }
        return imageTypes.contains { $0 == type || DirectoryListing.contentType(type, isA: $0) }
    }

    /// Whether the file at `path` is a photo this app can show (by GIO's content type).
    public static func isImage(path: String) -> Bool {
        guard let type = FileAttributes.string("standard::content-type", ofPath: path) else { return false }
        return isImage(contentType: type)
    }

    /// How long a listing runs before the rows found so far are shown: none, so the first batch
    /// GIO hands over (1,000 entries) shows at once, as the file manager fills a big folder; a
    /// folder listed in one batch shows once, whole.
    public static let firstRowsAfter: TimeInterval = 0
    /// After the first rows, how often what the listing found since is merged in.
    public static let growEvery: TimeInterval = 0.2

    /// The folder's images, sorted by the file manager's order, as rows (name: the display
    /// name; URL: the file's URI), handed over in batches. A folder still listing `firstRowsAfter`
    /// after it began (checked at each of GIO's batches) shows the photos found so far, sorted, and the listing goes on:
    /// what it finds after is handed to `grew`, merged into its sorted places, every `growEvery`
    /// and at its end. Returns the whole listing, for the folder's watcher to keep up to date.
    /// Blocking: call on a worker thread.
    @discardableResult
    public static func rows(ofFolder path: String, cancellable: Cancellable, batch: @escaping (ManifestRows) -> Void,
                            grew: (FolderChange) -> Void = { _ in },
                            firstRowsAfter: TimeInterval = firstRowsAfter, growEvery: TimeInterval = growEvery) throws(ManifestError) -> FolderContents {
        let started = Date()
        let contents = FolderContents(folder: path, photos: [])
        var found: [FolderContents.Photo] = []
        var skipped = 0
        /// When the photos found so far were last shown; nil before the first rows.
        var shown: Date?
        do {
            try DirectoryListing.list(path: path, cancellable: cancellable) { entries in
                for entry in entries {
                    if let photo = contents.photo(entry) { found.append(photo) } else { skipped += 1 }
                }
                let now = Date()
                if let last = shown {
                    guard now.timeIntervalSince(last) >= growEvery else { return }
                    if let change = contents.grow(found) { grew(change) }
                    found.removeAll(keepingCapacity: true)
                    shown = now
                } else if now.timeIntervalSince(started) >= firstRowsAfter, !found.isEmpty {
                    contents.replace(found)
                    found.removeAll(keepingCapacity: true)
                    contents.emitRows(batch)
                    shown = now
                }
            }
        } catch {
            if error.isCancelled { throw ManifestError("cancelled") }
            throw ManifestError("could not list the folder: \(error.message)")
        }
        if shown == nil {
            contents.replace(found)
        } else if let change = contents.grow(found) {
            grew(change)
        }
        Trace.shared.emit(.folderListed(photos: contents.count, skipped: skipped, ms: Date().timeIntervalSince(started) * 1000))
        if shown == nil { contents.emitRows(batch) }
        return contents
    }
}
