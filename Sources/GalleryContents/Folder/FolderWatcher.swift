// Why this exists: keeps a folder gallery up to date, with its subfolders when it includes them: inotify names the files that changed; the names are gathered for a moment (a camera import of 500 files becomes a few batches, not 500 relayouts), looked at again off the main loop, and handed over as one FolderChange; folders the system's limit on watches leaves unwatched are said.
import Foundation
import GLibRuntime
import GLibIO
import PhotoDecoding
import PhotoTrace

@MainActor
public final class FolderWatcher {
    /// How long names are gathered after the first change of a batch before they are looked at.
    public static let gatherMilliseconds: UInt32 = 150
    private var watches: FolderWatches?
    /// Read and changed only on `queue` once handed over.
    private let contents: FolderContents
    private let queue = DispatchQueue(label: "classic-photos.folder-watcher", qos: .userInitiated)
    private var gathered: Set<String> = []
    private var gathering: MainLoop.Timeout?
    private var stopped = false
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
    /// A reading of dates under way (one at a time), and whether another is wanted after it.
    private var readingDates: Cancellable?
    private var readAgain = false
    /// Where its changes are said.
    private let trace: Trace

    /// Watch the folder `contents` was listed from, and its subfolders if it includes them.
    /// Throws if the folder cannot be watched (it went).
    public init(contents: FolderContents, trace: Trace) throws(GLibError) {
        self.contents = contents
        self.trace = trace
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
            let notFollowed = contents.notWatchedNames()
            MainLoop.invoke { [weak self] in self?.handOver(change, notFollowed: notFollowed) }
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
        let names = gathered, contents = self.contents
        gathered = []
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            let change = Self.refresh(names, contents, watches)
            let notFollowed = contents.notWatchedNames()
            MainLoop.invoke { [weak self] in self?.handOver(change, notFollowed: notFollowed) }
        }
    }

    /// What the queue found: the change, and the folders not followed if they changed.
    private func handOver(_ change: FolderChange?, notFollowed: [String]) {
        guard !stopped else { return }
        if notFollowed != self.notFollowed {
            self.notFollowed = notFollowed
            trace.emit(.notFollowed(folders: notFollowed.count, names: notFollowed.prefix(10).joined(separator: "\n")))
            onNotFollowed(notFollowed)
        }
        if let change { hand(change) }
    }

    /// A change, on the main loop, in the order the queue made them.
    private func hand(_ change: FolderChange) {
        guard !stopped else { return }
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

    /// A reading ended: the one asked for meanwhile (a sort by date chosen while the index was
    /// being read quietly) starts now.
    private func readingEnded(_ reading: Cancellable) {
        guard readingDates === reading else { return }
        readingDates = nil
        if readAgain {
            readAgain = false
            readDates()
        }
    }

    /// Read the dates not read yet, if the order is by date: once all are read, the photos move
    /// (one change through `onChange`); in another order, only what the index knows. One
    /// reading at a time; one asked for meanwhile follows it.
    public func readDates() {
        guard let dateReader, !stopped else { return }
        guard readingDates == nil else { readAgain = true; return }
        let cancellable = Cancellable()
        readingDates = cancellable
        let contents = self.contents, queue = self.queue, first = onScreen(), trace = self.trace
        queue.async {
            guard contents.order.needsDates else {
                // Another order: what the index knows is taken in quietly (a later sort by date
                // is then as quick as by name); no photo is read.
                BackgroundPriority.lowerCurrentThread()
                let started = Date()
                let known = dateReader.fromIndex(contents.unreadDates())
                if contents.learn(known) {
                    trace.emit(.datesRead(fromIndex: known.count, fromFiles: 0, ms: Date().timeIntervalSince(started) * 1000))
                }
                MainLoop.invoke { [weak self] in self?.readingEnded(cancellable) }
                return
            }
            let files = contents.unreadDates()
            guard !files.isEmpty else {
                MainLoop.invoke { [weak self] in self?.readingEnded(cancellable) }
                return
            }
            dateReader.read(files, first: first, cancellable: cancellable, found: { dates in
                queue.async { if !cancellable.isCancelled { contents.learn(dates) } }
            }, done: { figures in
                queue.async {
                    let change = cancellable.isCancelled ? nil : contents.settle()
                    MainLoop.invoke { [weak self] in
                        guard let self, self.readingDates === cancellable, !self.stopped else { return }
                        trace.emit(.datesRead(fromIndex: figures.fromIndex, fromFiles: figures.fromFiles, ms: figures.milliseconds))
                        if let change { self.hand(change) }
                        self.readingEnded(cancellable)
                    }
                }
            })
        }
    }
}
