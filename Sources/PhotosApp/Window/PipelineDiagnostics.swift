// Why this exists: SIGUSR1 traces how many operations the gallery still holds (tests check that nothing is left behind after a scroll or a close).
import GLibRuntime
import PhotoPipeline
import PhotoTrace

@MainActor
enum PipelineDiagnostics {
    static func traceOnUSR1(in trace: Trace, _ gallery: @escaping @MainActor () -> PhotoGallery?) {
        UnixSignal.onUSR1 {
            guard let pending = gallery()?.pending else { return trace.emit(.pending(downloads: 0, filtrations: 0, queued: 0)) }
            trace.emit(.pending(downloads: pending.downloadsInProgress.count, filtrations: pending.filtrationsInProgress.count,
                                       queued: pending.downloadQueue.operationCount + pending.filtrationQueue.operationCount))
        }
    }
}
