// Why this exists: a value behind a lock that threads can also wait on (Locked with a condition variable), so a type whose state is shared and waited for keeps that state in one place the compiler checks, instead of an NSCondition beside fields it cannot see are guarded.
import Foundation

/// A value reached only with the lock held, as `Locked`, over an NSCondition: a thread can sleep
/// until another changes the value and wakes it. The value never escapes the closures, which is
/// what makes the type Sendable.
public final class Waitable<Value> {
    private let condition = NSCondition()
    private var value: Value

    /// What a waiter's body decides: it is done (waking every other waiter to look again, if it
    /// changed what they wait on), or it sleeps until woken (or until a time).
    public enum Step<Result> {
        case done(Result, wakingAll: Bool = false)
        case sleep(until: Date? = nil)
    }

    /// Stored by locking, so that the thread that made it publishes it (and all it did before).
    public init(_ value: Value) {
        self.value = value
        condition.lock()
        condition.unlock()
    }

    /// Run `body` with the lock held; with `wakingAll`, every waiter looks again after it.
    public func withLock<Result>(wakingAll: Bool = false, _ body: (inout Value) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            if wakingAll { condition.broadcast() }
            condition.unlock()
        }
        return try body(&value)
    }

    /// Wake every waiter, to look again (something outside the value changed: a cancellation).
    public func wakeAll() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Run `body` with the lock held until it is done, sleeping between tries (the lock let go
    /// while asleep) until woken or until the time it names. What it checks and what it changes
    /// happen under one lock, so no wake-up between them is missed.
    public func wait<Result>(_ body: (inout Value) throws -> Step<Result>) rethrows -> Result {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch try body(&value) {
            case .done(let result, let wakingAll):
                if wakingAll { condition.broadcast() }
                return result
            case .sleep(let until):
                if let until { _ = condition.wait(until: until) } else { condition.wait() }
            }
        }
    }
}

/// Sendable only where its value is (as `Locked`).
extension Waitable: @unchecked Sendable where Value: Sendable {}
