// Why this exists: the tutorial's completions on the main loop: an operation's result applied to every row still waiting for it (an image, a preview, a failure with its reason, or nothing once cancelled), and the row's next stage started.
import Foundation
import PhotoDecoding
import PhotoFetching
import PhotoTrace

extension PhotoGallery {
    /// Called on the main loop by an operation's completion, unless it was cancelled. The
    /// result goes to every row still waiting for this very operation (a cancelled-and-forgotten
    /// one, or one from before a reload, changes nothing).
    func finish(_ operation: PhotoOperation) {
        pending.forget(operation)
        let stage = operation.stage
        let photos = operation.subscribers.filter { pending.inProgress(stage)[$0] === operation }
        guard !photos.isEmpty else { return }
        switch operation.outcome {
        case .image(let image, _)?: memory.insert(image, for: operation.key.variant == .preview ? operation.key.original : operation.key)
        case .preview(let image?)?: memory.insert(image, for: operation.key)
        default: break
        }
        for photo in photos {
            pending.setInProgress(stage, photo: photo, nil)
            startTimes[photo] = nil
        }
        // Each photo still in the gallery, in row order (one that went was cancelled first).
        for record in photos.compactMap(records.existing(id:)).sorted(by: { $0.row < $1.row }) {
            apply(operation.outcome, of: operation, to: record)
        }
    }

    private func apply(_ outcome: StageOutcome?, of operation: PhotoOperation, to record: PhotoRecord) {
        let stage = operation.stage
        switch outcome {
        case nil, .cancelled?, .written?:
            // (`written` is an export's, never the list's.)
            // Stopped without a result (cancelled by someone else): its one terminal event is
            // this one, and the row is left to be started again.
            trace.emit(.cancelled(queue: stage, row: record.row))
            rowChanged.emit(record.row)
            return
        case .preview(let image)?:
            trace.emit(.finished(queue: stage, row: record.row))
            record.previewTried = true
            // Only while the row still waits for its image: a preview never replaces an image
            // made since (a turn applied from memory, say).
            if let image, record.state == .new, record.image == nil || record.imageKey?.variant == .preview {
                clearImage(of: record)
                record.markPreviewed(image, key: operation.key)
                photosWithImage[operation.key, default: []].insert(record.id)
                trace.emit(.image(row: record.row, from: .embeddedThumbnail, pixels: operation.key.pixels))
            }
        case .image(let image, let source)?:
            trace.emit(.finished(queue: stage, row: record.row))
            if stage == .download {
                setImage(image, key: operation.key.variant == .preview ? operation.key.original : operation.key, filtered: false, on: record)
                if let source { trace.emit(.image(row: record.row, from: source, pixels: operation.key.pixels)) }
                trace.emit(.state(row: record.row, state: .downloaded, reason: nil))
            } else {
                setImage(image, key: operation.key, filtered: true, on: record)
                trace.emit(.state(row: record.row, state: .filtered, reason: nil))
            }
        case .failed(let failure)?:
            trace.emit(.finished(queue: stage, row: record.row))
            // A photo too large to read keeps showing its own preview, with the reason.
            let keepsPreview = failure.code == .tooLarge && record.imageKey?.variant == .preview
            if !keepsPreview { clearImage(of: record) }
            record.markFailed(failure, keepingPreview: keepsPreview)
            trace.emit(.state(row: record.row, state: .failed, reason: failure.description, code: failure.code))
            if let target = failure.refusal?.target, reportedBlocked.insert(target).inserted {
                blocked.emit(target)
            }
        }
        rowChanged.emit(record.row)
        let next = record.state == .downloaded || (record.state == .new && record.previewTried && operation.key.variant == .preview)
        if next, demand.isWanted(record.row), !pending.isSuspended {
            startOperations(for: record.row, priority: demand.priority(of: record.row))
        }
    }
}
