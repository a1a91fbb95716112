// Why this exists: suspending a queue stops it from starting operations, but one it had already handed to a thread a moment before may begin its work after the suspension; the gate holds that work until the queue resumes (or the operation is cancelled), so nothing starts while the user scrolls.
import Foundation

public final class StartGate: @unchecked Sendable {
    /// Guards `closed`; waiters sleep on it. (NSCondition, not a Mutex: threads wait on it.)
    private let condition = NSCondition()
    private var closed = false

    public init() {}

    /// Closed while the queue is suspended.
    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    public func close() {
        condition.lock()
        closed = true
        condition.unlock()
    }

    public func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    /// Wake whoever waits, to look again (an operation was cancelled).
    public func wakeWaiters() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Block the calling (worker) thread while the gate is closed, unless `abandon` says stop;
    /// once open, run `then` before the gate can close again (`close()` waits for it), and
    /// return true. Returns false, without running `then`, when abandoned. `abandon` must turn
    /// true before `wakeWaiters` is called, so no wake-up is missed: the check and the wait
    /// happen under the condition's lock.
    public func pass(abandon: () -> Bool, then: () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while closed, !abandon() { condition.wait() }
        if abandon() { return false }
        then()
        return true
    }
}
