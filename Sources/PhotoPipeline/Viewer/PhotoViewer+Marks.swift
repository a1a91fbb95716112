// Why this exists: a photo's marks written to its sidecar leave its own file as it was, so no watcher's report reloads it: what the viewer holds of it is read again here, for Details to show them.
import Foundation

extension PhotoViewer {
    /// Rate and Flag wrote the sidecar of the photo at `url`: each image held or loading of it is
    /// dropped, and the one shown is loaded again (its Details with it).
    func rereadBeside(_ url: URL) {
        let address = url.absoluteString
        let rows = Set(held.keys).union(pending.viewersInProgress.keys)
        for row in rows where gallery.records.entry(row).url?.absoluteString == address {
            // A load in flight may have read the sidecar as it was: it is started again.
            cancel(row)
            held[row] = nil
            if row == self.row {
                load(row, priority: .veryHigh)
                onRowChanged?(row)
            }
        }
    }
}
