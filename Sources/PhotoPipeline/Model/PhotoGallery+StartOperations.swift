// Why this exists: the tutorial's startOperationsForPhotoRecord, with startDownload and startFiltration as one generic path.
import Foundation
import GLibRuntime

extension PhotoGallery {
    /// Start whatever the row needs next: `new` needs a download, `downloaded` only filtering
    /// (it is never downloaded again), `filtered` and `failed` need nothing.
    /// A row that already has an operation in progress for that stage gets no second one.
    public func startOperations(for row: Int, priority: Operation.QueuePriority = .normal) {
        guard records.indices.contains(row) else { return }
        let record = records[row]
        switch record.state {
        case .new:
            guard let url = record.url else { return }
            start(.download, row: row, priority: priority) {
                ImageDownloader(url: url, fetcher: fetcher, decoder: settings.decoder, byteLimit: settings.imageByteLimit, origin: access)
            }
        case .downloaded:
            guard let image = record.image else { return }
            start(.filtration, row: row, priority: priority) {
                ImageFiltration(input: image, intensity: settings.sepiaIntensity)
            }
        case .filtered, .failed:
            return
        }
    }

    /// The one path both stages share: check the map, make the operation, wire its completion, queue it.
    private func start(_ stage: Stage, row: Int, priority: Operation.QueuePriority, _ makeWork: () -> any StageWork) {
        if let existing = pending.inProgress(stage)[row] {
            // Already in progress: only raise its priority if the row became more urgent.
            if priority.rawValue > existing.queuePriority.rawValue, !existing.isExecuting { existing.queuePriority = priority }
            return
        }
        let operation = PhotoOperation(row: row, work: makeWork()) { [weak self] in
            let started = ProcessInfo.processInfo.systemUptime
            MainLoop.invoke { self?.operationStarted(row: row, at: started) }
        }
        operation.queuePriority = priority
        // The completion block runs on a global queue, even when cancelled. It does nothing then;
        // otherwise it hands the result to the GLib main loop, where the map entry is removed
        // and the row updated.
        operation.completionBlock = { [weak self, weak operation] in
            guard let operation, !operation.isCancelled else { return }
            MainLoop.invoke { [weak self] in self?.finish(operation) }
        }
        pending.setInProgress(stage, row: row, operation)
        Trace.shared.emit(.queued(queue: stage, row: row))
        pending.queue(for: stage).addOperation(operation)
        onRowChanged?(row)
    }
}
