// Why this exists: a value behind a lock that ThreadSanitizer can see. The standard library's Mutex locks with futex system calls on Linux, which TSan does not intercept, so every access under it looked like a race (and real ones could hide among them); this lock is a pthread mutex.
import Foundation

/// A value that is only reached with the lock held, like `Synchronization.Mutex`, but over a
/// pthread mutex (NSLock), whose lock and unlock ThreadSanitizer records as happens-before edges.
/// The value never escapes the closure, which is what makes the type Sendable.
public final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    /// Stored by locking, so that the thread that made it publishes it (and all it did before).
    public init(_ value: Value) {
        self.value = value
        lock.lock()
        lock.unlock()
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Sendable only where its value is, as swift-nio's NIOLockedValueBox: the lock makes sharing
/// safe, but a value that is not Sendable (a class with its own state) could still be reached
/// from another thread through what the closure hands out.
/// (@unchecked Sendable: every access to the value is inside the lock; Sendable only where the value is, so nothing reached through it crosses threads unchecked.)
extension Locked: @unchecked Sendable where Value: Sendable {}
