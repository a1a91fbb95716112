// Why this exists: a folder gallery follows its folder: rows whose photo went lose their work, rows whose file changed start over (never the stale image), and every other row keeps its record, its image and its running work at its new position.
import Foundation
import GalleryContents
import PhotoTrace

extension PhotoGallery {
    /// Apply one batch of changes to the folder shown. No row that stayed the same is
    /// restarted; the caller then updates the list (and the viewer) with the same change.
    public func apply(_ change: FolderChange) {
        // Rows that went: their work is cancelled (a transfer aborted) and their image let go.
        // (Only rows with a record or a viewer's load have any: a filter that hides 99,990 rows
        // looks at the few dozen records, not at every row that went.)
        let living = records.madeCount + pending.viewersInProgress.count
        let gone = change.removed.count <= living ? change.removed
            : Set(records.existingRecords.map(\.row) + pending.viewersInProgress.keys).filter { change.position(of: $0) == nil }.sorted()
        for row in gone {
            stopWork(of: row)
            if let record = records.existing(row) { clearImage(of: record) }
        }
        // Everything else moves to its new position: the records (work, images and start times
        // are keyed by photo, and stay as they are), the viewer's loads, and the rows the list
        // binds and pins.
        records.apply(change)
        pending.moveViewerLoads(change)
        func moved(_ rows: Set<Int>) -> Set<Int> { Set(rows.compactMap { change.position(of: $0) }) }
        boundRows = moved(boundRows)
        pinnedRows = moved(pinnedRows)
        rowCountForTrace.store(records.count, ordering: .relaxed)
        // Rows whose file may hold another photo now: start over, from the file (the memory
        // cache forgets the old images; the shared thumbnail's MTime tells it is stale).
        for row in change.changed {
            let entry = records.entry(row)
            // The app's own turn, shown turned already: nothing to load again.
            if let url = entry.url, changeIsTurnApplied(row, url: url, change) {
                trace.emit(.turnKept(row: row))
                continue
            }
            // The app's own rating or flag: only the XMP changed, the images stand (judged once
            // the app's write of it under way, if any, has ended).
            if let url = entry.url {
                switch markReport(row, url: url, change) {
                case .own:
                    trace.emit(.marksKept(row: row))
                    continue
                case .afterTheWrite: continue
                case .notOwn: break
                }
            }
            startOver(row)
        }
    }

    /// A row whose photo changed: its work cancelled (the viewer's too), its images let go, and
    /// its work started again if it is wanted.
    func startOver(_ row: Int) {
        stopWork(of: row)
        if let url = records.entry(row).url { memory.remove(url: url.absoluteString) }
        guard let record = records.existing(row) else { return }
        clearImage(of: record)
        record.reset()
        trace.emit(.state(row: row, state: .new, reason: nil))
        rowChanged.emit(row)
        if demand.isWanted(row), !pending.isSuspended { startOperations(for: row, priority: demand.priority(of: row)) }
    }

    /// Cancel every operation of a row, the viewer's too.
    private func stopWork(of row: Int) {
        cancelOperations(for: row)
        if let operation = pending.viewersInProgress.removeValue(forKey: row) {
            operation.cancel()
            pending.forget(operation)
        }
    }
}
