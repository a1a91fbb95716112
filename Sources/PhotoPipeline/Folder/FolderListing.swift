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
    /// how many there were. Blocking: call on a worker thread.
    public static func rows(ofFolder path: String, cancellable: Cancellable, batch: @escaping (ManifestRows) -> Void) throws(ManifestError) -> Int {
        let started = Date()
        var photos: [(key: [UInt8], name: String, uri: String)] = []
        var skipped = 0
        // One answer per content type (a folder holds few), not one lookup per file.
        var known: [String: Bool] = [:]
        let folder = path.hasSuffix("/") ? path : path + "/"
        do {
            try DirectoryListing.list(path: path, cancellable: cancellable) { entries in
                for entry in entries {
                    guard entry.kind == .regular, !entry.isHidden else { skipped += 1; continue }
                    let isImage = known[entry.contentType] ?? {
                        let answer = Self.isImage(contentType: entry.contentType)
                        known[entry.contentType] = answer
                        return answer
                    }()
                    guard isImage, let uri = fileURI(forPath: folder + entry.name) else { skipped += 1; continue }
                    photos.append((DirectoryListing.sortKey(entry.displayName), DisplayText.clean(entry.displayName), uri))
                }
            }
        } catch {
            if error.isCancelled { throw ManifestError("cancelled") }
            throw ManifestError("could not list the folder: \(error.message)")
        }
        photos.sort { $0.key.lexicographicallyPrecedes($1.key) }
        Trace.shared.emit(.folderListed(photos: photos.count, skipped: skipped, ms: Date().timeIntervalSince(started) * 1000))
        let sink = RowSink(emit: batch)
        for photo in photos { sink.add(name: photo.name, url: photo.uri) }
        sink.flush()
        return photos.count
    }
}
