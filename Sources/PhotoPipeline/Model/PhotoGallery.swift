// Why this exists: the records of one opened gallery and their pending operations; results from workers are applied here, on the main loop.
import Foundation
import GLibRuntime

/// The tutorial's list controller without the UI: it owns the records and the pending
/// operations, starts work for rows (see PhotoGallery+StartOperations.swift), and applies
/// results on the GLib main loop. The UI learns of changes through `onRowChanged`.
@MainActor
public final class PhotoGallery {
    public let manifest: Manifest
    public let records: [PhotoRecord]
    public let pending: PendingOperations
    public var settings: PipelineSettings
    let fetcher: ResourceFetcher
    /// Which addresses this gallery's photos may come from: the manifest's origin, or `.local`
    /// (anywhere) once the user allowed it to reach the local network.
    public var access: AddressSpace

    /// Called on the main loop after a row's record changed state or image, or its work started or stopped.
    public var onRowChanged: ((Int) -> Void)?
    /// Called on the main loop when one of a row's operations starts running.
    public var onOperationStarted: ((Int) -> Void)?
    /// Asked after a download lands: should the row go straight on to filtering?
    /// (The scroll scheduler answers "only if it is still wanted".)
    public var isRowWanted: (Int) -> Bool = { _ in true }
    /// Priority for new operations of a row (visible rows first).
    public var priorityForRow: (Int) -> Operation.QueuePriority = { _ in .normal }

    /// `previous`: the same gallery loaded before (Reload): rows whose photo is unchanged keep
    /// their image; failed rows start over.
    public init(manifest: Manifest, settings: PipelineSettings, fetcher: ResourceFetcher, reusing previous: PhotoGallery? = nil) {
        self.manifest = manifest
        self.settings = settings
        self.fetcher = fetcher
        access = manifest.origin
        records = manifest.entries.enumerated().map { PhotoRecord(row: $0.offset, entry: $0.element) }
        if let previous, previous.manifest.source == manifest.source {
            for record in records where previous.records.indices.contains(record.row) {
                record.adopt(previous.records[record.row])
            }
        }
        pending = PendingOperations(downloadConcurrency: settings.downloadConcurrency,
                                    filtrationConcurrency: settings.filtrationConcurrency)
        for record in records where record.state == .failed {
            Trace.shared.emit(.state(row: record.row, state: .failed, reason: record.failureReason ?? ""))
        }
    }

    public var count: Int { records.count }

    /// Traced so tests can see that a replaced gallery (another manifest opened, or a reload)
    /// is freed with its records and thumbnails, not kept alive by a retain cycle.
    deinit {
        Trace.shared.emit(.galleryFreed(rows: records.count))
    }

    /// Whether the row has an operation queued or running (its spinner turns).
    public func isBusy(_ row: Int) -> Bool {
        pending.downloadsInProgress[row] != nil || pending.filtrationsInProgress[row] != nil
    }

    /// Whether the row has an operation that is running now (not just queued).
    public func isRunning(_ row: Int) -> Bool {
        pending.downloadsInProgress[row]?.isExecuting == true || pending.filtrationsInProgress[row]?.isExecuting == true
    }

    /// When the row's running operation started (system uptime, seconds), while it runs.
    public func runningSince(_ row: Int) -> Double? { isRunning(row) ? startTimes[row] : nil }
    private var startTimes: [Int: Double] = [:]

    func operationStarted(row: Int, at time: Double) {
        startTimes[row] = time
        onOperationStarted?(row)
    }

    /// Called on the main loop by an operation's completion, unless it was cancelled.
    func finish(_ operation: PhotoOperation) {
        // Only the operation the map still holds may land: a cancelled-and-forgotten one,
        // or one from before a reload, does nothing.
        guard pending.inProgress(operation.stage)[operation.row] === operation else { return }
        pending.setInProgress(operation.stage, row: operation.row, nil)
        let record = records[operation.row]
        switch operation.outcome {
        case nil, .cancelled?:
            // Still in the map but stopped without a result (cancelled by someone else): its
            // one terminal event is this one, and the row is left to be started again.
            Trace.shared.emit(.cancelled(queue: operation.stage, row: operation.row))
            onRowChanged?(record.row)
            return
        case .image(let image)?:
            Trace.shared.emit(.finished(queue: operation.stage, row: operation.row))
            if operation.stage == .download {
                record.markDownloaded(image)
                Trace.shared.emit(.state(row: record.row, state: .downloaded, reason: nil))
            } else {
                record.markFiltered(image)
                Trace.shared.emit(.state(row: record.row, state: .filtered, reason: nil))
            }
        case .failed(let reason)?:
            Trace.shared.emit(.finished(queue: operation.stage, row: operation.row))
            record.markFailed(reason)
            Trace.shared.emit(.state(row: record.row, state: .failed, reason: reason))
            if reason.hasPrefix("blocked: "), !reportedBlocked {
                reportedBlocked = true
                onFirstBlocked?()
            }
        }
        onRowChanged?(record.row)
        if record.state == .downloaded, isRowWanted(record.row), !pending.isSuspended {
            startOperations(for: record.row, priority: priorityForRow(record.row))
        }
    }

    /// Cancel and forget the operations of one row (the tutorial's cancel of off-screen rows).
    public func cancelOperations(for row: Int) {
        for stage in Stage.allCases {
            guard let operation = pending.inProgress(stage)[row] else { continue }
            operation.cancel()
            pending.setInProgress(stage, row: row, nil)
            Trace.shared.emit(.cancelled(queue: stage, row: row))
            onRowChanged?(row)
        }
    }

    /// Cancel everything (closing the gallery or reloading it).
    public func cancelAll() {
        for row in pending.rowsInProgress { cancelOperations(for: row) }
    }

    /// Rows that failed because private network access refused them.
    public var blockedRows: [Int] {
        records.filter { $0.state == .failed && $0.failureReason?.hasPrefix("blocked: ") == true }.map(\.row)
    }

    /// Let this gallery reach any address (the user allowed it): refused rows go back to
    /// waiting, and those on screen start again.
    public func allowAnyAddress() {
        access = .local
        for row in blockedRows {
            records[row].reset()
            onRowChanged?(row)
            if isRowWanted(row) { startOperations(for: row, priority: priorityForRow(row)) }
        }
    }

    /// Called on the main loop the first time a row of this gallery is refused by private
    /// network access (the window asks the user).
    public var onFirstBlocked: (() -> Void)?
    private var reportedBlocked = false

    /// Reload one failed row: back to `new`, then start it.
    public func retry(row: Int) {
        guard records.indices.contains(row), records[row].state == .failed,
              manifest.entries[row].problem == nil else { return }
        records[row].reset()
        onRowChanged?(row)
        startOperations(for: row, priority: priorityForRow(row))
    }
}
