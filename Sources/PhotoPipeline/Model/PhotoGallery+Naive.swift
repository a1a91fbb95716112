// Why this exists: the tutorial's "first try", kept as a visible demonstration mode (--naive): download, decode and filter on the calling thread.
import Foundation
import GLibRuntime
import PhotoTrace

extension PhotoGallery {
    /// Load one row synchronously, as the tutorial's first version did in cellForRow: on the
    /// main thread, blocking it for the whole download and filter. Compare with the queues.
    public func loadSynchronously(row: Int) {
        guard records.indices.contains(row), records[row].state == .new, let url = records[row].url,
              let originalKey = key(for: row, sepia: false), let sepiaKey = key(for: row, sepia: true) else { return }
        let record = records[row]
        trace.emit(.started(queue: .download, row: row))
        let context = WorkContext(cancellable: Cancellable())
        // The tutorial's first try knows no caches.
        let downloader = ImageDownloader(source(of: url, caches: DiskCaches.none), rowPixels: settings.thumbnailPixels,
                                         downscaleWhileDecoding: settings.downscaleWhileDecoding)
        switch downloader.run(context) {
        case .image(let image, _):
            setImage(image, key: originalKey, filtered: false, on: record)
            switch ImageFiltration(input: image, filter: settings.sepia).run(context) {
            case .image(let filtered, _): setImage(filtered, key: sepiaKey, filtered: true, on: record)
            case .failed(let reason): clearImage(of: record); record.markFailed(reason)
            case .cancelled, .written, .preview: break
            }
        case .failed(let reason): record.markFailed(reason)
        case .cancelled, .written, .preview: break
        }
        trace.emit(.state(row: row, state: record.state, reason: record.failureReason, code: record.failure?.code))
        rowChanged.emit(row)
    }
}
