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

    /// The folder's images, sorted by the file manager's order, as rows (name: the display
    /// name; URL: the file's URI), handed over in batches once the listing is sorted. Returns
    /// the listing, for the folder's watcher to keep up to date. Blocking: call on a worker thread.
    @discardableResult
    public static func rows(ofFolder path: String, cancellable: Cancellable, batch: @escaping (ManifestRows) -> Void) throws(ManifestError) -> FolderContents {
        let started = Date()
        let contents = FolderContents(folder: path, photos: [])
        var photos: [FolderContents.Photo] = []
        var skipped = 0
        do {
            try DirectoryListing.list(path: path, cancellable: cancellable) { entries in
                for entry in entries {
                    if let photo = contents.photo(entry) { photos.append(photo) } else { skipped += 1 }
                }
            }
        } catch {
            if error.isCancelled { throw ManifestError("cancelled") }
            throw ManifestError("could not list the folder: \(error.message)")
        }
        contents.replace(photos)
        Trace.shared.emit(.folderListed(photos: contents.count, skipped: skipped, ms: Date().timeIntervalSince(started) * 1000))
        contents.emitRows(batch)
        return contents
    }
}
