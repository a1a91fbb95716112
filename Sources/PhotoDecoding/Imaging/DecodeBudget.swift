// Why this exists: the pixels all decodes in flight may hold at once, so that a gallery of huge images cannot take the app's memory past a bound whatever it holds: a decode reserves its share once the image declares its size, and waits while others hold the rest.
import Foundation
import GLibRuntime

/// A pool of bytes. `reserve` blocks the calling (worker) thread until the bytes are free or
/// the operation is cancelled; the reservation is given back when the decode ends.
public final class DecodeBudget: Sendable {
    /// A process's pool: one 100-megapixel RGBA image (the list's limit) and some to spare, so
    /// the app stays well under 800 MB whatever the gallery holds. The app's is handed out with
    /// its `Decoders`; a helper makes its own.
    public static let processBytes = 480 << 20

    public let capacity: Int
    /// Bytes reserved now; waiters sleep on it.
    private let used = Waitable(0)

    public init(bytes: Int) { capacity = bytes }

    /// Bytes reserved now (tests).
    public var inUse: Int { used.withLock { $0 } }

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
        let handler = cancellable.onCancel { [used] in used.wakeAll() }
        defer { cancellable.disconnect(handler) }
        let reserved = used.wait { used -> Waitable<Int>.Step<Bool> in
            if cancellable.isCancelled { return .done(false) }
            guard used + bytes <= capacity else { return .sleep() }
            used += bytes
            return .done(true)
        }
        guard reserved else { throw .cancelled }
        return Reservation(budget: self, bytes: bytes)
    }

    fileprivate func release(_ bytes: Int) {
        used.withLock(wakingAll: true) { $0 -= bytes }
    }

    /// Bytes held until `release()` or deinit.
    public final class Reservation: Sendable {
        private let budget: DecodeBudget
        /// The bytes still held (0 once given back).
        private let bytes: Locked<Int>
        fileprivate init(budget: DecodeBudget, bytes: Int) { self.budget = budget; self.bytes = Locked(bytes) }
        public func release() {
            let held = bytes.withLock { held in
                defer { held = 0 }
                return held
            }
            if held > 0 { budget.release(held) }
        }
        deinit { release() }
    }
}
