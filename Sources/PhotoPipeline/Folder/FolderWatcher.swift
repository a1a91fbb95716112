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
        Trace.shared.emit(.folderChanged(added: change.inserted.count, removed: change.removed.count,
                                         changed: change.changed.count, total: change.count))
        onChange(change)
    }
}
