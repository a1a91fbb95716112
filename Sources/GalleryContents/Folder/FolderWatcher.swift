// Why this exists: keeps a folder gallery up to date, with its subfolders when it includes them: inotify names the files that changed; the names are gathered for a moment (a camera import of 500 files becomes a few batches, not 500 relayouts), looked at again off the main loop, and handed over as one FolderChange; folders the system's limit on watches leaves unwatched are said.
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding
import MetadataValues
import PhotoTrace

@MainActor
public final class FolderWatcher {
    /// How long names are gathered after the first change of a batch before they are looked at.
    public static let gatherMilliseconds: UInt32 = 150
    private var watches: FolderWatches?
    /// Read and changed only on `queue` once handed over.
    let contents: FolderContents
    let queue = DispatchQueue(label: "classic-photos.folder-watcher", qos: .userInitiated)
    private var gathered: Set<String> = []
    private var gathering: MainLoop.Timeout?
    private(set) var stopped = false
    /// A batch of changes, on the main loop, in the order they happened.
    public var onChange: (FolderChange) -> Void = { _ in }
    /// The folder itself was deleted or moved away.
    public var onGone: () -> Void = {}
    /// The folders the system's limit on watches leaves unwatched changed (as shown; empty: all
    /// are followed).
    public var onNotFollowed: ([String]) -> Void = { _ in }
    private var notFollowed: [String] = []
    /// Reads the dates taken an order by date needs (nil: none are read).
    public var dateReader: DateReader?
    /// The names on disk of the photos on screen, read first.
    public var onScreen: () -> Set<String> = { [] }
    /// A reading of facts under way (one at a time), and whether another is wanted after it.
    var readingDates: Cancellable?
    var readAgain = false
    /// Where its changes are said.
    let trace: Trace
    /// The marks of the folder's photos that have any, by path, whenever more are read.
    public var onMarks: ([String: PhotoMarks]) -> Void = { _ in }
    /// Every photo of the folder, shown through the filter or not (as of the last change handed over).
    public internal(set) var totalCount: Int

    /// Watch the folder `contents` was listed from, and its subfolders if it includes them.
    /// Throws if the folder cannot be watched (it went).
    public init(contents: FolderContents, trace: Trace) throws(GLibError) {
        self.contents = contents
        self.trace = trace
        totalCount = contents.totalCount
        let watches = try FolderWatches(root: contents.folder) { [weak self] event in self?.noticed(event) }
        switch watches.watch("") {
        case .watched: break
        case .limitReached: contents.notWatched.insert("")
        case .failed(let code): throw GLibError(domain: "g-io-error-quark", code: 0 /* G_IO_ERROR_FAILED */, message: String(cString: strerror(code)))
        }
        self.watches = watches
        catchUp(watchingSubfolders: true)
    }

    /// Watch the folder `path` (on the queue): one the limit refuses is remembered as not followed.
    nonisolated private static func watch(_ path: String, in contents: FolderContents, with watches: FolderWatches) {
        switch watches.watch(path) {
        case .watched: contents.notWatched.remove(path)
        case .limitReached: contents.notWatched.insert(path)
        // Gone or unreadable since: its parent's watch reports it.
        case .failed: break
        }
    }

    /// A file copied in or removed after the listing read a folder and before its watch started
    /// (or while the kernel's queue overflowed) would be missed until the next change: one
    /// look at every folder's names, off the main loop, once the watches run, finds it.
    private func catchUp(watchingSubfolders: Bool) {
        guard let watches else { return }
        let contents = self.contents
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            if watchingSubfolders { for path in contents.listedFolders.dropFirst() { Self.watch(path, in: contents, with: watches) } }
            var onDisk: [String: [String]] = [:]
            for path in contents.listedFolders {
                if let names = try? FileManager.default.contentsOfDirectory(atPath: contents.folder + path) { onDisk[path] = names }
            }
            let differing = contents.presenceChanges(onDisk: onDisk)
            let change = differing.isEmpty ? nil : Self.refresh(differing, contents, watches)
            let notFollowed = contents.notWatchedNames(), total = contents.totalCount
            MainLoop.invoke { [weak self] in self?.handOver(change, notFollowed: notFollowed, total: total) }
        }
    }

    nonisolated private static func refresh(_ names: Set<String>, _ contents: FolderContents, _ watches: FolderWatches) -> FolderChange? {
        contents.refresh(names, watch: { watch($0.path, in: contents, with: watches) }, unwatch: { watches.unwatch(under: $0) })
    }

    public func stop() {
        stopped = true
        readingDates?.cancel()
        if let gathering { MainLoop.cancel(gathering) }
        watches?.cancel()
        watches = nil
    }

    private func noticed(_ event: FolderWatches.Event) {
        guard !stopped else { return }
        switch event {
        case .rootGone:
            stop()
            onGone()
        case .overflowed:
            catchUp(watchingSubfolders: false)
        case .entries(let names):
            gathered.formUnion(names)
            guard gathering == nil else { return }
            gathering = MainLoop.after(milliseconds: Self.gatherMilliseconds) { [weak self] in self?.lookAgain() }
        }
    }

    private func lookAgain() {
        gathering = nil
        guard let watches else { return }
        // A sidecar ("IMG_1.HEIC.xmp") changed: its photo's marks are read again, its images stand;
        // but a RAW file's sidecar keeps its turn too (darktable's, say), so the RAW is looked at
        // again as a photo that may have changed: its rows start over, unless the change is the
        // app's own turn or marks, which keep them (`PhotoGallery.apply`).
        let sidecars = Set(gathered.filter { $0.hasSuffix(".xmp") }.map { String($0.dropLast(4)) })
        let names = gathered.filter { !$0.hasSuffix(".xmp") }.union(sidecars.filter(SidecarTurning.keepsTurnBeside)), contents = self.contents
        gathered = []
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            if !sidecars.isEmpty { contents.forgetFacts(sidecars) }
            let change = names.isEmpty ? nil : Self.refresh(names, contents, watches)
            let notFollowed = contents.notWatchedNames(), total = contents.totalCount
            MainLoop.invoke { [weak self] in
                self?.handOver(change, notFollowed: notFollowed, total: total)
                if !sidecars.isEmpty { self?.readDates() }
            }
        }
    }

    /// What the queue found: the change, and the folders not followed if they changed.
    private func handOver(_ change: FolderChange?, notFollowed: [String], total: Int) {
        guard !stopped else { return }
        if notFollowed != self.notFollowed {
            self.notFollowed = notFollowed
            trace.emit(.notFollowed(folders: notFollowed.count, names: notFollowed.prefix(10).joined(separator: "\n")))
            onNotFollowed(notFollowed)
        }
        if let change { hand(change, total: total) }
    }

    /// A change, on the main loop, in the order the queue made them (`total`: the folder's photos after it).
    func hand(_ change: FolderChange, total: Int? = nil) {
        guard !stopped else { return }
        if let total { totalCount = total }
        if change.moves == nil, !(change.inserted.isEmpty && change.removed.isEmpty && change.changed.isEmpty) {
            trace.emit(.folderChanged(added: change.inserted.count, removed: change.removed.count,
                                             changed: change.changed.count, total: change.count))
        }
        onChange(change)
        // Photos that arrived or changed have no date yet.
        if !change.inserted.isEmpty || !change.changed.isEmpty { readDates() }
    }

    /// Sort in `order` from now on: `done` gets the change on the main loop (nil: no photo moved)
    /// and how long it took. An order by date takes the dates the index holds first (one
    /// change, not two), then reads those it lacks from the photos.
    public func reorder(_ order: PhotoOrder, done: @escaping @MainActor (FolderChange?, _ milliseconds: Double) -> Void) {
        let contents = self.contents, reader = dateReader
        let started = Date()
        queue.async {
            var indexed = 0
            if order.needsDates, let reader {
                let unread = contents.unreadDates()
                if !unread.isEmpty {
                    let dates = reader.fromIndex(unread)
                    if contents.learn(dates) { indexed = dates.count }
                }
            }
            let indexedMs = Date().timeIntervalSince(started) * 1000
            var change = contents.reorder(order)
            if change == nil, indexed > 0 { change = contents.settle() }
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self] in
                guard let self, !self.stopped else { return }
                if indexed > 0 { trace.emit(.datesRead(fromIndex: indexed, fromFiles: 0, ms: indexedMs)) }
                done(change, milliseconds)
                self.readDates()
            }
        }
    }
}
