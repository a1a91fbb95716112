// Why this exists: a folder on a share (SMB, SFTP, WebDAV) read as a gallery through GIO: its photos (the types GdkPixbuf loads, by name, as a share gives no first bytes for free), hidden files and subfolders left out, sorted as the file manager sorts names, handed over as rows whose URLs are the share's own URIs, within the shares' deadlines and the folders' cap.
import PhotoFormats
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding
import PhotoFetching
import PhotoTrace

public enum ShareListing {
    /// The photos of the share folder at `url`, in name order, as rows (name: the display name;
    /// URL: the file's URI), the first screen's worth first. Returns their sizes and times. Blocking: a worker thread.
    /// A share that yields no entry for the reads' I/O timeout fails with the reason.
    public static func rows(ofShare url: URL, cancellable: Cancellable, trace: Trace, files: LocalFileFetcher,
                            batch: @escaping @Sendable (ManifestRows) -> Void, maxPhotos: Int = FolderListing.maxPhotos) throws(ManifestError) -> ShareFolderFacts {
        let started = Date()
        let found = try listing(ofShare: url, cancellable: cancellable, files: files, maxPhotos: maxPhotos)
        let sink = RowSink(emit: batch)
        for photo in found.photos { sink.add(name: photo.name, url: photo.uri) }
        sink.flush()
        trace.emit(.folderListed(photos: found.photos.count, skipped: found.skipped, ms: Date().timeIntervalSince(started) * 1000, capped: found.capped))
        return ShareFolderFacts(folder: url.absoluteString, photos: found.photos)
    }

    /// The folder's photos, in the file manager's order, each with its URI on the share.
    /// Blocking: call on a worker thread.
    static func listing(ofShare url: URL, cancellable: Cancellable, files: LocalFileFetcher, maxPhotos: Int) throws(ManifestError) -> Listed {
        let folder = url.absoluteString
        var found: Listed
        do throws(FetchError) {
            found = try files.watched(path: folder, mount: LocalFileFetcher.server(of: url), cancellable: cancellable, wholeSeconds: nil) { job throws(FetchError) in
                try list(folder, maxPhotos: maxPhotos, cancellable: cancellable, progress: { job.madeProgress() })
            }
        } catch .cancelled {
            throw ManifestError(Words("cancelled"))
        } catch {
            throw ManifestError(Words("could not list the folder: %1$s", "\(error)"))
        }
        found.photos.sort { $0.key.lexicographicallyPrecedes($1.key) }
        for index in found.photos.indices { found.photos[index].uri = ShareFiles.child(found.photos[index].fileName, of: folder) }
        return found
    }

    /// A photo found: the name shown, the name on the share, the file manager's sort key, and
    /// its size and time.
    struct Found: Sendable {
        let name: String
        let fileName: String
        let key: [UInt8]
        let size: Int64
        let modified: Int64
        /// Its URI on the share (once sorted).
        var uri = ""
    }

    struct Listed: Sendable {
        var photos: [Found] = []
        var skipped = 0
        var capped = false
    }

    private static func list(_ folder: String, maxPhotos: Int, cancellable: Cancellable, progress: @escaping () -> Void) throws(FetchError) -> Listed {
        // Stopped at the cap as well as by the waiter (GIO checks it between batches).
        let listing = Cancellable()
        let link = cancellable.onCancel { listing.cancel() }
        defer { cancellable.disconnect(link) }
        var listed = Listed()
        do throws(GLibError) {
            try ShareFiles.list(uri: folder, cancellable: listing) { entries in
                progress()
                for entry in entries where entry.kind == .regular && !entry.isHidden {
                    guard FolderListing.isImage(contentType: entry.contentType) else {
                        listed.skipped += 1
                        continue
                    }
                    guard listed.photos.count < maxPhotos else {
                        listed.capped = true
                        listing.cancel()
                        return
                    }
                    listed.photos.append(Found(name: DisplayText.clean(entry.displayName), fileName: entry.name, key: DirectoryListing.sortKey(entry.displayName),
                                               size: entry.size, modified: entry.modified))
                }
            }
        } catch {
            if error.isCancelled && listed.capped { return listed }
            if error.isCancelled { throw .cancelled }
            if error.isNotMounted { throw .transfer(Words("the share is not mounted")) }
            throw .transfer(Words(verbatim: error.message))
        }
        return listed
    }
}
