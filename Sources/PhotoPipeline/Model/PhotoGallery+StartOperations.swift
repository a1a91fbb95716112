// Why this exists: the tutorial's startOperationsForPhotoRecord, with startDownload and startFiltration as one generic path; rows wanting the same image share one operation.
import Foundation
import GLibRuntime
import PhotoFetching
import PhotoTrace

extension PhotoGallery {
    /// Start whatever the row needs next: `new` needs its image (from memory at once, or a
    /// download through the cache levels), `downloaded` only filtering (it is never downloaded
    /// again), `filtered` and `failed` need nothing. A row that already has an operation in
    /// progress for that stage gets no second one; a row whose image another row's operation is
    /// already making joins it (one download per URL).
    public func startOperations(for row: Int, priority: Operation.QueuePriority = .normal) {
        guard records.indices.contains(row) else { return }
        let record = records[row]
        switch record.state {
        case .new:
            guard let url = record.url, let key = key(for: row, sepia: false) else { return }
            if refillFromMemory(row) {
                if records[row].state == .downloaded { startOperations(for: row, priority: priority) }
                return
            }
            // A share's JPEG shows its own small preview first, from one short read; the photo
            // itself is read once that is done (so a screen's previews come before any photo).
            if settings.sharePreviews, !record.previewTried, record.image == nil, ImageDownloader.hasPreview(url) {
                start(.download, key: key.preview, row: row, priority: priority) {
                    ImageDownloader(source(of: url), rowPixels: settings.thumbnailPixels, preview: true)
                }
                return
            }
            start(.download, key: key, row: row, priority: priority) {
                ImageDownloader(source(of: url), rowPixels: settings.thumbnailPixels, downscaleWhileDecoding: settings.downscaleWhileDecoding)
            }
        case .downloaded:
            guard let image = record.image, let key = key(for: row, sepia: true) else { return }
            if let sepia = memory.image(for: key) {
                setImage(sepia, key: key, filtered: true, on: record)
                trace.emit(.state(row: row, state: .filtered, reason: nil))
                rowChanged.emit(row)
                return
            }
            start(.filtration, key: key, row: row, priority: priority) {
                ImageFiltration(input: image, filter: settings.sepia)
            }
        case .filtered, .failed:
            return
        }
    }

    /// The one path both stages share: check the map, join an operation making the same image,
    /// or make one, wire its completion, queue it.
    private func start(_ stage: Stage, key: ImageKey, row: Int, priority: Operation.QueuePriority, _ makeWork: () -> any StageWork) {
        let photo = records[row].id
        // The photo's wish is what its row is now (on screen, or only in the prefetch band).
        if let existing = pending.inProgress(stage)[photo] {
            existing.want(photo, at: priority)
            return
        }
        if let shared = pending.shared(stage, key) {
            shared.want(photo, at: priority)
            pending.setInProgress(stage, photo: photo, shared)
            trace.emit(.queued(queue: stage, row: row))
            if shared.isExecuting {
                trace.emit(.started(queue: stage, row: row))
                // Running for this row from now: the scheduler's stuck-row rule counts it too.
                startTimes[photo] = ProcessInfo.processInfo.systemUptime
            }
            rowChanged.emit(row)
            return
        }
        let operation = PhotoOperation(row: row, photo: photo, directory: records.directory, key: key, work: makeWork(),
                                       gate: pending.gate(for: stage), trace: trace) { [weak self] operation in
            let started = ProcessInfo.processInfo.systemUptime
            MainLoop.invoke { self?.operationStarted(operation, at: started) }
        }
        operation.want(photo, at: priority)
        // The completion runs on the operation's thread as it ends, even when cancelled. It does
        // nothing then; otherwise it hands the result to the GLib main loop, where the map
        // entries are removed and the rows updated, and only then lets the queue move on.
        operation.completeOnMainLoop { [weak self] operation in self?.finish(operation) }
        pending.setInProgress(stage, photo: photo, operation)
        pending.setShared(stage, key, operation)
        trace.emit(.queued(queue: stage, row: row))
        pending.queue(for: stage).addOperation(operation)
        rowChanged.emit(row)
    }
}
