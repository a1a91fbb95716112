// Why this exists: the viewer's loads as operations: one per row on the viewer queue, waiting on the row's download when one is in flight (and taking its bytes), cancelled without removing that dependency, and applied on the main loop.
import Foundation
import GLibRuntime
import MetadataValues
import PhotoFetching
import PhotoTrace

extension PhotoViewer {
    func load(_ row: Int, priority: Operation.QueuePriority, fullResolution: Bool = false, drawingSide: Int? = nil, developsRaw: Bool = false) {
        if let running = pending.viewersInProgress[row] {
            if priority.rawValue > running.queuePriority.rawValue, !running.isExecuting { running.queuePriority = priority }
            return
        }
        let record = gallery.records[row]
        guard record.state != .failed || Self.readsPastTheList(record), failures[row] == nil, let url = record.url, let key = gallery.key(for: row, sepia: sepia) else { return }
        // The list's download of this row, still queued or running: wait for it and take its bytes.
        var handoff: OriginalBytes?
        if let download = pending.downloadsInProgress[record.id], !download.isFinished, !download.isCancelled,
           case .originalBytes(let bytes) = download.work.handsOn {
            handoff = bytes
        }
        let heldBytes = held[row]?.details.encoded
        // Marks changed since those bytes were read: a decode of them shows the new ones.
        let heldMarks = heldBytes == nil ? nil : held[row]?.marksForItsBytes
        let made = MadeOperation()
        let progress: @Sendable (Int, Int?) -> Void = { [weak self] bytes, total in
            MainLoop.invoke {
                guard let self, let operation = made.operation, let row = self.row(of: operation) else { return }
                self.progressed(row, bytes, total)
            }
        }
        // A photo of this computer's or a share's is read whole only here, when it is opened: up
        // to the viewer's limit, past the list's.
        let limit = ResourceFetcher.isFile(url) ? max(gallery.settings.viewerFileByteLimit, gallery.settings.imageByteLimit) : nil
        let work = FullImageLoader(gallery.source(of: url, byteLimit: limit), settings: gallery.settings, sepia: sepia, fullResolution: fullResolution,
                                   drawingSide: drawingSide, developsRaw: developsRaw, download: handoff, held: heldBytes, screen: screen, progress: progress)
        let operation = PhotoOperation(row: row, key: key, work: work, trace: trace)
        made.operation = operation
        operation.queuePriority = priority
        operation.completeOnMainLoop { [weak self] operation in self?.finish(operation, work, heldMarks: heldMarks) }
        if handoff != nil, let download = pending.downloadsInProgress[record.id] {
            operation.waitFor(download)
            download.wantedByDependent(at: priority)
            trace.emit(.dependency(row: row, on: .download))
        }
        pending.setInProgress(.viewer, row: row, operation)
        trace.emit(.queued(queue: .viewer, row: row))
        pending.viewerQueue.addOperation(operation)
        onRowChanged?(row)
    }

    /// Cancel a row's load. Its dependency is never removed (on Linux, `removeDependency` on an
    /// unfinished operation hangs the dependent): cancelled, it is ready at once and ends, and the
    /// download holds it until the download ends too (`waitFor`).
    func cancel(_ row: Int) {
        guard let operation = pending.viewersInProgress[row] else { return }
        pending.setInProgress(.viewer, row: row, nil)
        received[row] = nil
        operation.cancel()
        trace.emit(.cancelled(queue: .viewer, row: row))
    }

    func progressed(_ row: Int, _ bytes: Int, _ total: Int?) {
        guard pending.viewersInProgress[row] != nil else { return }
        received[row] = (bytes, total)
        if row == self.row { onRowChanged?(row) }
    }

    func finish(_ operation: PhotoOperation, _ work: FullImageLoader, heldMarks: PhotoMarks?? = nil) {
        guard let row = row(of: operation) else { return }
        pending.setInProgress(.viewer, row: row, nil)
        received[row] = nil
        switch operation.outcome {
        case .image(let image, _)?:
            trace.emit(.finished(queue: .viewer, row: row))
            var full = FullImage(image: image, sepia: work.sepia, details: work.result.details, fullResolution: work.fullResolution,
                                 drawingSide: work.drawingSide)
            if case .some(let marks) = heldMarks, full.details.from == .memory { full = full.marked(marks ?? PhotoMarks()) }
            held[row] = full
            if row == self.row {
                if full.details.fromRawPreview {
                    // A RAW file shown from its camera's preview at once: developed from its sensor's data next.
                    trace.emit(.viewer(row: row, action: .developing))
                    load(row, priority: .high, fullResolution: work.fullResolution, developsRaw: true)
                } else if fullResolutionWanted, !full.isSharpest {
                    load(row, priority: .veryHigh, fullResolution: true)
                } else if full.isDrawing, let wanted = drawingSideWanted, (work.drawingSide ?? 0) < wanted {
                    // Zoomed further while it rendered (a rendering the limits made smaller is not asked again).
                    load(row, priority: .veryHigh, drawingSide: wanted)
                } else {
                    preloadNeighbours(of: row)
                }
            }
        case .failed(let reason)?:
            trace.emit(.finished(queue: .viewer, row: row))
            trace.emit(.viewerFailed(row: row, reason: reason.description, code: reason.code))
            // A RAW file whose sensor's data did not develop keeps its camera's preview on screen.
            if work.developsRaw, held[row] != nil {
                if row == self.row { preloadNeighbours(of: row) }
            } else {
                failures[row] = reason
            }
        case nil, .cancelled?, .written?, .preview?:
            trace.emit(.cancelled(queue: .viewer, row: row))
        }
        onRowChanged?(row)
    }
}

/// The viewer's operation, for its progress reports (made before it, read on the main loop).
@MainActor
private final class MadeOperation {
    weak var operation: PhotoOperation?
}
