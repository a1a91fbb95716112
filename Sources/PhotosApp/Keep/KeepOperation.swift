// Why this exists: Save As and Copy run one operation each on the export queue (below the list's work; its new photos wait while the user scrolls), traced like the queue's others, its result applied on the main loop.
import GalleryViews
import Foundation
import PhotoPipeline
import PhotoFetching
import PhotoTrace

@MainActor
enum KeepOperation {
    /// Queue `work` for `photo`'s row; `done` gets its outcome on the main loop (nil if it never ran).
    static func run(_ work: any StageWork, for photo: ChosenPhoto, done: @escaping @MainActor @Sendable (StageOutcome?) -> Void) {
        let row = photo.row, trace = photo.gallery.trace
        let key = ImageKey(url: photo.url.absoluteString, pixels: 0, variant: photo.sepia ? ImageKey.sepia(photo.gallery.settings.sepiaIntensity) : .original)
        let operation = PhotoOperation(row: row, key: key, work: work, trace: trace)
        operation.queuePriority = .high
        operation.completeOnMainLoop { operation in
            trace.emit(.finished(queue: .export, row: row))
            done(operation.outcome)
        }
        trace.emit(.queued(queue: .export, row: row))
        photo.gallery.pending.exportQueue.addOperation(operation)
    }
}
