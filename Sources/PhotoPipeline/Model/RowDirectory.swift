// Why this exists: where each photo's row is now, readable from an operation's own thread: an operation traces its start there (by row, as the trace speaks), for the photos it serves, wherever their rows moved since it was queued.
import Foundation
import GLibRuntime

/// Kept by the gallery's `RecordStore` (on the main loop) as records are made, moved and let
/// go; read by `PhotoOperation` on its worker. (Behind `Locked`, which ThreadSanitizer sees.)
public final class RowDirectory: Sendable {
    private let rows = Locked<[PhotoID: Int]>([:])

    init() {}

    /// The rows of `photos` that are still in the gallery, in order.
    public func rows(of photos: Set<PhotoID>) -> [Int] {
        rows.withLock { rows in photos.compactMap { rows[$0] } }.sorted()
    }

    func set(_ photo: PhotoID, _ row: Int?) { rows.withLock { $0[photo] = row } }
    func replace(with positions: [PhotoID: Int]) { rows.withLock { $0 = positions } }
}
