// Why this exists: the viewer's animated photo read as an operation on the viewer queue (AnimationReader), one at a time, cancelled when the viewer moves on or closes, its outcome traced and handed to the app on the main loop.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoTrace

extension PhotoViewer {
    /// Read the animation in `data` (the bytes of `row`, which the viewer shows) on the viewer
    /// queue, within the decode budget and a processor-time limit; `ready` gets it, or the reason
    /// it does not play, on the main loop. Moving to another photo or closing cancels the read
    /// between chunks, and then `ready` is never called.
    public func readAnimation(of row: Int, data: Data, ready: @escaping @MainActor (ReadAnimation?, String?) -> Void) {
        cancelAnimationRead()
        guard gallery.records.indices.contains(row), let key = gallery.key(for: row, sepia: false) else { return }
        let work = AnimationReader(data, by: gallery.decoders, pixelLimit: gallery.settings.pixelLimit, origin: gallery.records[row].url.map(ImageDecoder.origin(of:)))
        let operation = PhotoOperation(row: row, key: key, work: work, trace: trace)
        operation.completeOnMainLoop { [weak self] operation in
            guard let self, self.animationRead?.operation === operation else { return }
            self.animationRead = nil
            trace.emit(.finished(queue: .viewer, row: row))
            let read = work.result.withLock { $0 }
            switch operation.outcome {
            case .image?:
                trace.emit(.animation(row: row, frames: read?.frames ?? 0, action: .playing, reason: nil))
                ready(read, nil)
            case .failed(let reason)?:
                trace.emit(.animation(row: row, frames: 0, action: .stopped, reason: reason.description))
                ready(nil, reason.description)
            case nil, .cancelled?, .written?, .preview?:
                break
            }
        }
        animationRead = (row, operation)
        trace.emit(.queued(queue: .viewer, row: row))
        pending.viewerQueue.addOperation(operation)
    }

    /// Stop reading an animation (the app stops playing it, or the viewer moved on).
    public func cancelAnimationRead() {
        guard let (row, operation) = animationRead else { return }
        animationRead = nil
        operation.cancel()
        trace.emit(.cancelled(queue: .viewer, row: row))
    }
}
