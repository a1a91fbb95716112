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
                            batch: @escaping @Sendable (ManifestRows) -> Void, subfolders: Bool = false,
                            maxPhotos: Int = FolderListing.maxPhotos) throws(ManifestError) -> ShareFolderFacts {
        let started = Date()
        let found = try listing(ofShare: url, cancellable: cancellable, files: files, subfolders: subfolders, maxPhotos: maxPhotos)
        let sink = RowSink(emit: batch)
        for photo in found.photos { sink.add(name: photo.name, url: photo.uri) }
        sink.flush()
        trace.emit(.folderListed(photos: found.photos.count, skipped: found.skipped, ms: Date().timeIntervalSince(started) * 1000, capped: found.capped))
        if subfolders { trace.emit(.subfoldersListed(folders: found.folders, unreadable: found.unreadable.joined(separator: "\n"))) }
        return ShareFolderFacts(folder: url.absoluteString, listed: found)
    }

    /// The folder's photos (with `subfolders`, theirs too, by their paths), in the file
    /// manager's order, each with its URI on the share.
    /// Blocking: call on a worker thread.
    static func listing(ofShare url: URL, cancellable: Cancellable, files: LocalFileFetcher, subfolders: Bool, maxPhotos: Int) throws(ManifestError) -> Listed {
        let folder = url.absoluteString
        var found: Listed
        do throws(FetchError) {
            found = try files.watched(path: folder, mount: LocalFileFetcher.server(of: url), cancellable: cancellable, wholeSeconds: nil) { job throws(FetchError) in
                try list(folder, subfolders: subfolders, maxPhotos: maxPhotos, cancellable: cancellable, progress: { job.madeProgress() })
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
        /// Subfolders entered, and those that could not be read (as shown).
        var folders = 0
        var unreadable: [String] = []
    }

    private static func list(_ folder: String, subfolders: Bool, maxPhotos: Int, cancellable: Cancellable, progress: @escaping () -> Void) throws(FetchError) -> Listed {
        // Stopped at the cap as well as by the waiter (GIO checks it between batches).
        let listing = Cancellable()
        let link = cancellable.onCancel { listing.cancel() }
        defer { cancellable.disconnect(link) }
        var listed = Listed()
        // A name listed twice (a server can say so; no folder holds two) is one photo.
        var seen: Set<String> = []
        // The folder, then its subfolders, breadth first (a link to a folder is not followed:
        // no loop can be walked round).
        var waiting: [Subfolder] = [.top], next = 0
        while next < waiting.count, !listed.capped {
            let sub = waiting[next]
            next += 1
            do throws(GLibError) {
                try ShareFiles.list(uri: sub == .top ? folder : ShareFiles.child(String(sub.path.dropLast()), of: folder), cancellable: listing) { entries in
                    progress()
                    for entry in entries where !entry.isHidden && !listed.capped {
                        if entry.kind == .directory {
                            if subfolders, !entry.isSymlink, sub.depth < FolderListing.maxDepth, listed.folders < FolderListing.maxSubfolders,
                               seen.insert(sub.path + entry.name + "/").inserted {
                                listed.folders += 1
                                waiting.append(sub.child(entry.name, display: entry.displayName))
                            }
                            continue
                        }
                        guard entry.kind == .regular else { continue }
                        guard FolderListing.isImage(contentType: entry.contentType) else {
                            listed.skipped += 1
                            continue
                        }
                        guard listed.photos.count < maxPhotos else {
                            listed.capped = true
                            listing.cancel()
                            return
                        }
                        guard seen.insert(sub.path + entry.name).inserted else { continue }
                        // Named by its path under the folder ("Day 1/IMG_0001.jpg"), sorted folder by folder.
                        let shown = DisplayText.clean(entry.displayName)
                        listed.photos.append(Found(name: sub.display + shown, fileName: sub.path + entry.name,
                                                   key: DirectoryListing.sortKey(entry.displayName, after: sub.keyPrefix),
                                                   size: entry.size, modified: entry.modified))
                    }
                }
            } catch {
                if error.isCancelled && listed.capped { return listed }
                if error.isCancelled { throw .cancelled }
                if error.isNotMounted { throw .transfer(Words("the share is not mounted")) }
                // A subfolder that cannot be read is said; the folder itself, the listing's failure.
                guard sub == .top else {
                    listed.unreadable.append(String(sub.display.dropLast()))
                    continue
                }
                throw .transfer(Words(verbatim: error.message))
            }
        }
        return listed
    }
}
