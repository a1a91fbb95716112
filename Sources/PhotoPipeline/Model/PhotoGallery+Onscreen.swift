// Why this exists: the tutorial's loadImagesForOnscreenCells: cancel what left the screen, start what is on it (first), then prefetch when idle.
import Foundation

extension PhotoGallery {
    /// Rows the user can see get the highest priority; the prefetch band the lowest.
    public static let visiblePriority: Operation.QueuePriority = .veryHigh
    public static let prefetchPriority: Operation.QueuePriority = .veryLow

    /// After scrolling settles (or the window is resized):
    /// 1. every row in the in-progress maps that is not `wanted` is cancelled and forgotten;
    /// 2. visible rows without an operation get one, at the highest priority, in screen order;
    /// 3. rows of the prefetch band (if any) get one at low priority.
    /// Returns the rows that were cancelled.
    @discardableResult
    public func loadImagesForOnscreenRows(visible: [Int], prefetch: [Int] = []) -> [Int] {
        let wanted = Set(visible).union(prefetch)
        let toBeCancelled = rowsInProgress.subtracting(wanted).sorted()
        for row in toBeCancelled { cancelOperations(for: row) }
        for row in visible { startOperations(for: row, priority: Self.visiblePriority) }
        for row in prefetch { startOperations(for: row, priority: Self.prefetchPriority) }
        return toBeCancelled
    }

    /// The rows of `rows` that are not done yet (not filtered or failed, or still busy).
    public func unsettled(_ rows: [Int]) -> [Int] {
        rows.filter { row in
            guard records.indices.contains(row) else { return false }
            let state = records[row].state
            return !((state == .filtered || state == .failed) && !isBusy(row))
        }
    }
}
