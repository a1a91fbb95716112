// Why this exists: keeps a folder gallery up to date: GIO's monitor names the files that changed; the names are gathered for a moment (a camera import of 500 files becomes a few batches, not 500 relayouts), looked at again off the main loop, and handed over as one FolderChange.
import Foundation
import GLibRuntime
import GLibIO

@MainActor
public final class FolderWatcher {
    /// How long names are gathered after the first change of a batch before they are looked at.
    public static let gatherMilliseconds: UInt32 = 150
    private var monitor: DirectoryMonitor?
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
    /// Reads the dates taken an order by date needs (nil: none are read).
    public var dateReader: DateReader?
    /// The names on disk of the photos on screen, read first.
    public var onScreen: () -> Set<String> = { [] }
    /// A reading of dates under way (one at a time), and whether another is wanted after it.
    private var readingDates: Cancellable?
    private var readAgain = false

    /// Watch the folder `contents` was listed from. Throws if it cannot be watched.
    public init(contents: FolderContents) throws(GLibError) {
        self.contents = contents
        monitor = try DirectoryMonitor(path: contents.folder) { [weak self] change in self?.noticed(change) }
        catchUp()
    }

    /// A file copied in or removed after the listing read the folder and before the monitor
    /// started would be missed until the next change: one look at the folder's names, off the
    /// main loop, once the monitor runs, finds it.
    private func catchUp() {
        let contents = self.contents
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            guard let onDisk = try? FileManager.default.contentsOfDirectory(atPath: contents.folder) else { return }
            let differing = contents.presenceChanges(onDisk: onDisk)
            guard !differing.isEmpty, let change = contents.refresh(differing) else { return }
            MainLoop.invoke { [weak self] in self?.hand(change) }
        }
    }

    public func stop() {
        stopped = true
        readingDates?.cancel()
        if let gathering { MainLoop.cancel(gathering) }
        monitor?.cancel()
        monitor = nil
    }

    private func noticed(_ change: DirectoryMonitor.Change) {
        guard !stopped else { return }
        switch change {
        case .folderGone:
            stop()
            onGone()
        case .entries(let names):
            gathered.formUnion(names)
            guard gathering == nil else { return }
            gathering = MainLoop.after(milliseconds: Self.gatherMilliseconds) { [weak self] in self?.lookAgain() }
        }
    }

    private func lookAgain() {
        gathering = nil
        let names = gathered, contents = self.contents
        gathered = []
        queue.async {
            BackgroundPriority.lowerCurrentThread()
            guard let change = contents.refresh(names) else { return }
            MainLoop.invoke { [weak self] in self?.hand(change) }
        }
    }

    /// A change, on the main loop, in the order the queue made them.
    private func hand(_ change: FolderChange) {
        guard !stopped else { return }
        if change.moves == nil, !(change.inserted.isEmpty && change.removed.isEmpty && change.changed.isEmpty) {
            Trace.shared.emit(.folderChanged(added: change.inserted.count, removed: change.removed.count,
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
                if indexed > 0 { Trace.shared.emit(.datesRead(fromIndex: indexed, fromFiles: 0, ms: indexedMs)) }
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
        let contents = self.contents, queue = self.queue, first = onScreen()
        queue.async {
            guard contents.order.needsDates else {
                // Another order: what the index knows is taken in quietly (a later sort by date
                // is then as quick as by name); no photo is read.
                BackgroundPriority.lowerCurrentThread()
                let started = Date()
                let known = dateReader.fromIndex(contents.unreadDates())
                if contents.learn(known) {
                    Trace.shared.emit(.datesRead(fromIndex: known.count, fromFiles: 0, ms: Date().timeIntervalSince(started) * 1000))
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
                        Trace.shared.emit(.datesRead(fromIndex: figures.fromIndex, fromFiles: figures.fromFiles, ms: figures.milliseconds))
                        if let change { self.hand(change) }
                        self.readingEnded(cancellable)
                    }
                }
            })
        }
    }
}
