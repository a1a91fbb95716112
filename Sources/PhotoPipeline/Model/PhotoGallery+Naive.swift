// Why this exists: the tutorial's "first try", kept as a visible demonstration mode (--naive): download, decode and filter on the calling thread.
import Foundation
import GLibRuntime

extension PhotoGallery {
    /// Load one row synchronously, as the tutorial's first version did in cellForRow: on the
    /// main thread, blocking it for the whole download and filter. Compare with the queues.
    public func loadSynchronously(row: Int) {
        guard records.indices.contains(row), records[row].state == .new, let url = records[row].url else { return }
        let record = records[row]
        Trace.shared.emit("started", ["queue": "naive", "row": row])
        do {
            let data = try fetcher.fetch(url, limit: settings.imageByteLimit, cancellable: Cancellable())
            let image = try settings.decoder.decode(data)
            record.markDownloaded(image)
            if let filtered = SepiaFilter.filter(image, intensity: settings.sepiaIntensity, isCancelled: { false }) {
                record.markFiltered(filtered)
            }
            Trace.shared.emit("state", ["row": row, "state": record.state.rawValue])
        } catch let error as FetchError {
            record.markFailed(error.description)
            Trace.shared.emit("state", ["row": row, "state": "failed", "reason": error.description])
        } catch {
            record.markFailed("\(error)")
            Trace.shared.emit("state", ["row": row, "state": "failed", "reason": "\(error)"])
        }
        onRowChanged?(row)
    }
}
