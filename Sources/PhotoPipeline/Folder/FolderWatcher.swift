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

    /// Sort in `order` from now on: `done` gets the change on the main loop (nil: no photo moved) and how long it took,
    /// and an order by date reads the dates it lacks.
    public func reorder(_ order: PhotoOrder, done: @escaping @MainActor (FolderChange?, _ milliseconds: Double) -> Void) {
        let contents = self.contents
        let started = Date()
        queue.async {
            let change = contents.reorder(order)
            let milliseconds = Date().timeIntervalSince(started) * 1000
            MainLoop.invoke { [weak self] in
                guard let self, !self.stopped else { return }
                done(change, milliseconds)
                self.readDates()
            }
        }
    }

    /// Read the dates not read yet, if the order is by date: each batch read moves its photos
    /// (a change through `onChange`). One reading at a time; one asked for meanwhile follows it.
    public func readDates() {
        guard let dateReader, !stopped else { return }
        guard readingDates == nil else { readAgain = true; return }
        let cancellable = Cancellable()
        readingDates = cancellable
        let contents = self.contents, queue = self.queue, first = onScreen()
        queue.async {
            guard contents.order.needsDates else {
                MainLoop.invoke { [weak self] in self?.readingDates = nil }
                return
            }
            let files = contents.unreadDates()
            dateReader.read(files, first: first, cancellable: cancellable, found: { dates in
                queue.async {
                    guard !cancellable.isCancelled, let change = contents.learn(dates) else { return }
                    MainLoop.invoke { [weak self] in if !cancellable.isCancelled { self?.hand(change) } }
                }
            }, done: { figures in
                queue.async {
                    MainLoop.invoke { [weak self] in
                        guard let self, self.readingDates === cancellable else { return }
                        Trace.shared.emit(.datesRead(fromIndex: figures.fromIndex, fromFiles: figures.fromFiles, ms: figures.milliseconds))
                        self.readingDates = nil
                        if self.readAgain { self.readAgain = false; self.readDates() }
                    }
                }
            })
        }
    }
}
