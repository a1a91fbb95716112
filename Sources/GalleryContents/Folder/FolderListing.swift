// Why this exists: a folder of the user's own photos read as a gallery: its images (the types GdkPixbuf loads), hidden files and subfolders left out, sorted as the user chose (by default as the file manager sorts names), handed over as rows like a manifest's, within a deadline and an entry cap.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import GLibIO
import PhotoDecoding
import PhotoFetching
import PhotoTrace

public enum FolderListing {
    /// The content types the installed GdkPixbuf loaders read, but those the decoder does not, and
    /// a camera's formats, which the helpers read with codecs of their own.
    static let imageTypes = PixbufFormats.all.filter { !ImageDecoder.notRead.contains($0.name) }.flatMap(\.mimeTypes) + CameraFile.contentTypes

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
    /// After the first rows, how often what the listing found since is merged in: twice a second.
    /// Each merge writes every row again; a tree of 100,000 photos listed in a third of a second
    /// shows its first rows and then the whole, not a merge of most of it 0.2 s in (55 ms more).
    public static let growEvery: TimeInterval = 0.5

    /// The most photos a folder gallery lists: 250,000 (a row costs about 0.9 KB, so the cap's
    /// listing stays within a few hundred MB); a folder with more shows the first found, sorted,
    /// and says so (`FolderContents.isCapped`).
    public static let maxPhotos = 250_000
    /// With its subfolders: at most 20,000 subfolders, at most 64 deep.
    static let maxSubfolders = 20_000
    static let maxDepth = 64

    /// The folder's images, sorted by the file manager's order, as rows (name: the display
    /// name; URL: the file's URI), handed over in batches. A folder still listing `firstRowsAfter`
    /// after it began (checked at each batch of 1,000 entries) shows the photos found so far, sorted, and the listing goes on:
    /// what it finds after is handed to `grew`, merged into its sorted places, every `growEvery`
    /// (past 10,000 rows, once as many again are found, or every second) and at its end. Returns the whole listing, for the folder's watcher to keep up to date.
    /// The listing runs on a thread of its own with the local reads' deadline: a folder that
    /// yields no entry for `files`' I/O timeout (a network mount that stopped answering) fails
    /// with the reason, its thread is abandoned, and nothing it finds later is handed over.
    /// Blocking: call on a worker thread.
    @discardableResult
    public static func rows(ofFolder path: String, cancellable: Cancellable, trace: Trace, files: LocalFileFetcher = LocalFileFetcher(),
                            batch: @escaping @Sendable (ManifestRows) -> Void, grew: @escaping @Sendable (FolderChange) -> Void = { _ in },
                            firstRowsAfter: TimeInterval = firstRowsAfter, growEvery: TimeInterval = growEvery,
                            maxPhotos: Int = maxPhotos, order: PhotoOrder = PhotoOrder(.name), subfolders: Bool = false,
                            knownDates: @escaping @Sendable ([DatedFile]) -> [String: TakenDate] = { _ in [:] }) throws(ManifestError) -> FolderContents {
        let callbacks = ListingCallbacks(batch: batch, grew: grew, knownDates: knownDates, trace: trace)
        let outcome: Result<FolderContents, ManifestError>
        do throws(FetchError) {
            outcome = try files.watched(path: path, cancellable: cancellable, wholeSeconds: nil) { job in
                list(path, cancellable: cancellable, job: job, callbacks: callbacks, firstRowsAfter: firstRowsAfter,
                     growEvery: growEvery, maxPhotos: maxPhotos, order: order, subfolders: subfolders)
            }
        } catch .cancelled {
            throw ManifestError(Words("cancelled"))
        } catch {
            throw ManifestError(Words("could not list the folder: %1$s", "\(error)"))
        }
        return try outcome.get()
    }

    /// The listing itself, on the watched thread: every callback goes through the job, so none
    /// runs once the waiter has given up.
    private static func list(_ path: String, cancellable: Cancellable, job: ReadJob<Result<FolderContents, ManifestError>>,
                             callbacks: ListingCallbacks, firstRowsAfter: TimeInterval, growEvery: TimeInterval,
                             maxPhotos: Int, order: PhotoOrder, subfolders: Bool) -> Result<FolderContents, ManifestError> {
        let started = Date()
        let contents = FolderContents(folder: path, photos: [], order: order.applies(isFolder: true) ? order : PhotoOrder(.name))
        /// When the photos found so far were last shown; nil before the first rows.
        var shown: Date?
        // Stopped when the waiter gives up or the cap is reached (GIO checks it between entries).
        let listing = Cancellable()
        let link = cancellable.onCancel { listing.cancel() }
        defer { cancellable.disconnect(link) }
        contents.includesSubfolders = subfolders
        // By name, no file is stat'ed (a third of a big tree's listing): sizes and times are
        // read later, off the first rows' path, when something needs them.
        let times = contents.order.needsTimes
        contents.lacksTimes = !times
        if subfolders { _ = contents.enter(.top) }
        let walk = TreeWalk(contents: contents, listing: listing, maxPhotos: maxPhotos, times: times, progress: { job.madeProgress() })
        // After each batch of entries, on this thread: the first rows, then what was found since.
        func show() {
            if job.isAbandoned { return listing.cancel() }
            let now = Date()
            if let last = shown {
                // Each merge rebuilds every row: past 10,000 rows, one waits until as many again are
                // found (or a second went by), so a big tree is merged a few times, not every 200 ms.
                let since = now.timeIntervalSince(last)
                guard since >= growEvery, contents.count < 10_000 || walk.waiting >= contents.count || since >= 1 else { return }
                if let change = contents.grow(contents.dated(walk.take(), known: callbacks.knownDates, trace: callbacks.trace)) { job.unlessAbandoned { callbacks.grew(change) } }
                shown = now
            } else if now.timeIntervalSince(started) >= firstRowsAfter, walk.waiting > 0 {
                contents.replace(contents.dated(walk.take(), known: callbacks.knownDates, trace: callbacks.trace))
                job.unlessAbandoned { contents.emitRows(callbacks.batch) }
                shown = now
            }
        }
        var making = PhotoMaking()
        do {
            try walk.read(.top, subfolders: subfolders, making: &making, each: show)
        } catch {
            if error.isCancelled && !walk.isCapped { return .failure(ManifestError(Words("cancelled"))) }
            if !error.isCancelled { return .failure(ManifestError(Words("could not list the folder: %1$s", "\(error.message)"))) }
        }
        // Then the subfolders, on two threads; one that cannot be read is said, not fatal.
        walk.readQueued(each: show)
        contents.isCapped = contents.isCapped || walk.isCapped
        if listing.isCancelled, !contents.isCapped { return .failure(ManifestError(Words("cancelled"))) }
        let found = walk.take()
        if shown == nil {
            contents.replace(contents.dated(found, known: callbacks.knownDates, trace: callbacks.trace))
        } else if let change = contents.grow(contents.dated(found, known: callbacks.knownDates, trace: callbacks.trace)) {
            job.unlessAbandoned { callbacks.grew(change) }
        }
        callbacks.trace.emit(.folderListed(photos: contents.count, skipped: walk.skipped, ms: Date().timeIntervalSince(started) * 1000,
                                        capped: contents.isCapped))
        if subfolders {
            callbacks.trace.emit(.subfoldersListed(folders: contents.subfolders.count, unreadable: contents.unreadable.joined(separator: "\n")))
        }
        if shown == nil { job.unlessAbandoned { contents.emitRows(callbacks.batch) } }
        return .success(contents)
    }
}

/// The listing's callbacks, carried to its thread: called only there, one at a time, and only
/// while the caller waits for it (`ReadJob.unlessAbandoned`).
private final class ListingCallbacks: Sendable {
    let batch: @Sendable (ManifestRows) -> Void
    let grew: @Sendable (FolderChange) -> Void
    /// What the metadata index knows of some photos' dates (for a folder sorted by date).
    let knownDates: @Sendable ([DatedFile]) -> [String: TakenDate]
    /// Where the listing's figures are said.
    let trace: Trace
    init(batch: @escaping @Sendable (ManifestRows) -> Void, grew: @escaping @Sendable (FolderChange) -> Void,
         knownDates: @escaping @Sendable ([DatedFile]) -> [String: TakenDate], trace: Trace) {
        self.trace = trace
        self.batch = batch
        self.grew = grew
        self.knownDates = knownDates
    }
}
