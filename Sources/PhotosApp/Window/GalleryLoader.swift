// Why this exists: loading a gallery off the main thread: one load at a time (a newer one cancels and outdates the older), its rows delivered in batches in order, and how it ended; the window decides what to show.
import Foundation
import GLibRuntime
import PhotoPipeline
import PhotoFetching
import GalleryContents
import PhotoTrace

@MainActor
final class GalleryLoader {
    /// What the loader reports, in this order: `firstRows` once (or never, for a gallery with
    /// no rows or one that failed first), `moreRows` for each later batch, then `ended`.
    struct Events {
        /// The first batch: the gallery can be made and shown.
        var firstRows: (Manifest) -> Void = { _ in }
        /// A later batch of rows of the gallery made from `firstRows`.
        var moreRows: (ManifestRows) -> Void = { _ in }
        /// More of a big folder, found after its first rows were shown, merged into sorted places.
        var folderGrew: (FolderChange) -> Void = { _ in }
        /// A folder's listing, after its last rows (the window keeps the folder up to date).
        var folderListed: (FolderContents) -> Void = { _ in }
        /// A share folder's listing, after its last rows: its photos' sizes and times.
        var shareListed: (ShareFolderFacts) -> Void = { _ in }
        /// The load ended: every row read (the header, for a gallery with no rows), or an error
        /// after some rows or none.
        var ended: (Result<ManifestLoader.Header?, ManifestError>) -> Void = { _ in }
    }

    var events = Events()
    private let fetcher: ResourceFetcher
    /// The gallery being loaded (or shown last), for Retry and Reload.
    private(set) var source: URL?
    private var generation = 0
    private var cancellable: Cancellable?
    /// The header of the load in progress, and whether its first rows were delivered.
    private var arriving: (header: ManifestLoader.Header, delivered: Bool)?
    /// A share's folder is being listed again.
    private var relisting = false

    /// Where a folder's listing says its figures.
    private let trace: Trace
    init(fetcher: ResourceFetcher, trace: Trace) {
        self.fetcher = fetcher
        self.trace = trace
    }

    /// Start loading `source`; a load still running is cancelled and anything it still delivers
    /// is dropped.
    /// `folderOrder`: a folder's order; `subfolders`: whether it is listed with its subfolders; `dates`: what the metadata index knows (a folder sorted
    /// by date is listed in that order at once).
    func load(_ source: URL, folderOrder: @escaping @Sendable (URL) -> PhotoOrder = { _ in PhotoOrder(.name) },
              subfolders: @escaping @Sendable (URL) -> Bool = { _ in false }, dates: DateReader? = nil) {
        self.source = source
        generation += 1
        let generation = self.generation
        cancellable?.cancel()
        let cancellable = Cancellable()
        self.cancellable = cancellable
        arriving = nil
        let loader = ManifestLoader(fetcher: fetcher, trace: trace)
        // The rows arrive in batches as they are parsed: the first screen shows before the
        // last row is read. Everything reaches the main loop in order.
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ManifestError) in
                try loader.load(source, cancellable: cancellable, header: { header in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.generation else { return }
                        self.arriving = (header, false)
                    }
                }, batch: { rows in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.generation else { return }
                        self.received(rows)
                    }
                }, grew: { change in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.generation, self.arriving?.delivered == true else { return }
                        self.events.folderGrew(change)
                    }
                }, listed: { contents in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.generation else { return }
                        self.events.folderListed(contents)
                    }
                }, listedShare: { facts in
                    MainLoop.invoke { [weak self] in
                        guard let self, generation == self.generation else { return }
                        self.events.shareListed(facts)
                    }
                }, folderOrder: folderOrder, subfolders: subfolders, knownDates: { dates?.fromIndex($0) ?? [:] })
            }
            MainLoop.invoke { [weak self] in
                guard let self, generation == self.generation else { return }
                let header = self.arriving
                self.arriving = nil
                self.events.ended(result.map { header?.delivered == true ? nil : header?.header })
            }
        }
    }

    /// `source` could not even start loading (its share could not be mounted): a load still
    /// running is dropped, and Retry tries `source` again.
    func failedToStart(_ source: URL) {
        self.source = source
        generation += 1
        cancellable?.cancel()
        arriving = nil
    }

    /// List the share folder shown (`source`, whose rows' URIs are `shown`, `inListingOrder` or
    /// not) again, unless a load or another listing is under way; `done` gets the change (nil:
    /// none) and the sizes and times listed, on the main loop, unless a load started meanwhile.
    func relist(_ source: URL, shown: [String], inListingOrder: Bool, subfolders: Bool, before: ShareFolderFacts?, leftOut: Set<String>,
                done: @escaping @MainActor (Result<(change: FolderChange?, facts: ShareFolderFacts), ManifestError>) -> Void) {
        guard !relisting, arriving == nil, source == self.source else { return }
        relisting = true
        let generation = self.generation, files = fetcher.files, cancellable = self.cancellable ?? Cancellable()
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { () throws(ManifestError) in try ShareRelisting.change(ofShare: source, shown: shown, inListingOrder: inListingOrder, cancellable: cancellable, files: files,
                                                                                         subfolders: subfolders, before: before, leftOut: leftOut) }
            MainLoop.invoke { [weak self] in
                guard let self else { return }
                self.relisting = false
                if generation == self.generation { done(result) }
            }
        }
    }

    private func received(_ rows: ManifestRows) {
        guard let header = arriving?.header else { return }
        if arriving?.delivered == true {
            events.moreRows(rows)
        } else {
            arriving?.delivered = true
            var store = ManifestRowStore()
            store.append(rows)
            events.firstRows(Manifest(source: header.source, title: header.title, format: header.format, rows: store, origin: header.origin,
                                      focus: header.focus, isUsersOwn: header.isUsersOwn))
        }
    }
}
