// Why this exists: which rows have work, asked by row (the list's and the scheduler's word) and answered from the photo's own entries, wherever its row is now.
import Foundation
import PhotoTrace

extension PhotoGallery {
    /// The list's operation for the row's photo at `stage` (download or filtration), if any.
    public func operation(_ stage: Stage, row: Int) -> PhotoOperation? {
        records.existing(row).flatMap { pending.inProgress(stage)[$0.id] }
    }

    /// Whether the row has an operation queued or running (its spinner turns).
    public func isBusy(_ row: Int) -> Bool {
        guard let id = records.existing(row)?.id else { return false }
        return pending.downloadsInProgress[id] != nil || pending.filtrationsInProgress[id] != nil
    }

    /// Whether the row has an operation that is running now (not just queued).
    public func isRunning(_ row: Int) -> Bool {
        guard let id = records.existing(row)?.id else { return false }
        return pending.downloadsInProgress[id]?.isExecuting == true || pending.filtrationsInProgress[id]?.isExecuting == true
    }

    /// When the row's running operation started (system uptime, seconds), while it runs.
    public func runningSince(_ row: Int) -> Double? {
        guard isRunning(row), let id = records.existing(row)?.id else { return nil }
        return startTimes[id]
    }

    /// Rows with a download or filtration in progress, where they are now.
    public var rowsInProgress: Set<Int> { Set(pending.photosInProgress.compactMap(records.row(of:))) }
}
