// Why this exists: suspending a queue stops it from starting operations, but one it had already handed to a thread a moment before may begin its work after the suspension; the gate holds that work until the queue resumes (or the operation is cancelled), so nothing starts while the user scrolls.
import Foundation
import GLibRuntime

public final class StartGate: Sendable {
    /// Whether it is closed; waiters sleep on it.
    private let closed = Waitable(false)

    public init() {}

    /// Closed while the queue is suspended.
    public var isClosed: Bool { closed.withLock { $0 } }

    public func close() { closed.withLock { $0 = true } }

    public func open() { closed.withLock(wakingAll: true) { $0 = false } }

    /// Wake whoever waits, to look again (an operation was cancelled).
    public func wakeWaiters() { closed.wakeAll() }

    /// Block the calling (worker) thread while the gate is closed, unless `abandon` says stop;
    /// once open, run `then` before the gate can close again (`close()` waits for it), and
    /// return true. Returns false, without running `then`, when abandoned. `abandon` must turn
    /// true before `wakeWaiters` is called, so no wake-up is missed: the check and the wait
    /// happen under the lock.
    public func pass(abandon: () -> Bool, then: () -> Void) -> Bool {
        closed.wait { closed in
            if abandon() { return .done(false) }
            if closed { return .sleep() }
            then()
            return .done(true)
        }
    }
}
