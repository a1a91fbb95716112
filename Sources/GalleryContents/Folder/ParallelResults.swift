// Why this exists: the results of a piece of work split over the cores (`DispatchQueue.concurrentPerform`), one slot per part, so a big listing's sort and rows are made on both cores and gathered in order.
import Foundation
import GLibRuntime

enum ParallelResults {
    /// `work(part)` for each part in 0..<parts, at once on the cores there are; the results in
    /// order. Each part's result is handed over under a lock (one lock a part: a few a listing).
    static func map<Result: Sendable>(parts: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
        let slots = Locked([Result?](repeating: nil, count: parts))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let result = work(part)
            slots.withLock { $0[part] = result }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
