// Why this exists: the results of a piece of work split over the cores (`DispatchQueue.concurrentPerform`), one slot per part, so a big listing's sort and rows are made on both cores and gathered in order.
import Foundation

/// (@unchecked: each part writes its own slot and no other, through a pointer that never
/// changes, and the slots are read only after `concurrentPerform` has returned, which orders
/// every write before the read.)
final class ParallelResults<Result>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result?>
    private let count: Int

    private init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// `work(part)` for each part in 0..<parts, at once on the cores there are; the results in order.
    static func map(parts: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
        let results = ParallelResults(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in results.slots[part] = work(part) }
        return (0..<parts).map { results.slots[$0]! }
    }
}
