// Why this exists: the pixels all decodes in flight may hold at once, so that a gallery of huge images cannot take the app's memory past a bound whatever it holds: a decode reserves its share once the image declares its size, and waits while others hold the rest.
import Foundation
import GLibRuntime

/// A pool of bytes. `reserve` blocks the calling (worker) thread until the bytes are free or
/// the operation is cancelled; the reservation is given back when the decode ends.
/// (@unchecked: its count is guarded by an NSCondition, which threads wait on.)
public final class DecodeBudget: @unchecked Sendable {
    /// The app's pool: one 100-megapixel RGBA image (the list's limit) and some to spare, so the
    /// app stays well under 800 MB whatever the gallery holds.
    public static let shared = DecodeBudget(bytes: 480 << 20)

    public let capacity: Int
    private let condition = NSCondition()
    private var used = 0

    public init(bytes: Int) { capacity = bytes }

    /// Bytes reserved now (tests).
    public var inUse: Int { condition.withLock { used } }

    public enum Refusal: Error, Equatable {
        /// Cancelled while it waited.
        case cancelled
        /// More than the whole pool: it could never be had.
        case tooLarge(needed: Int, capacity: Int)
    }

    /// Wait for `bytes` (until `cancellable` is cancelled); returns a token that gives them back.
    public func reserve(_ bytes: Int, cancellable: Cancellable) throws(Refusal) -> Reservation {
        guard bytes <= capacity else { throw .tooLarge(needed: bytes, capacity: capacity) }
        // A cancel wakes the waiters, who then see it (under the lock, so it cannot slip by).
        let handler = cancellable.onCancel { [condition] in condition.withLock { condition.broadcast() } }
        defer { cancellable.disconnect(handler) }
        condition.lock()
        defer { condition.unlock() }
        while used + bytes > capacity {
            if cancellable.isCancelled { throw .cancelled }
            condition.wait()
        }
        if cancellable.isCancelled { throw .cancelled }
        used += bytes
        return Reservation(budget: self, bytes: bytes)
    }

    fileprivate func release(_ bytes: Int) {
        condition.withLock {
            used -= bytes
            condition.broadcast()
        }
    }

    /// Bytes held until `release()` or deinit.
    public final class Reservation: @unchecked Sendable {
        private let budget: DecodeBudget
        private var bytes: Int
        fileprivate init(budget: DecodeBudget, bytes: Int) { self.budget = budget; self.bytes = bytes }
        public func release() {
            guard bytes > 0 else { return }
            budget.release(bytes)
            bytes = 0
        }
        deinit { release() }
    }
}
