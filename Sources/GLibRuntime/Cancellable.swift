// Why this exists: GCancellable, so cancelling an operation aborts the libsoup or GIO transfer in flight, and wakes anything waiting on it.
import CGLib
import Foundation

/// A GCancellable. `cancel()` may be called from any thread; GIO and libsoup calls given this
/// cancellable return G_IO_ERROR_CANCELLED at once, even in the middle of a transfer.
/// (@unchecked Sendable: GCancellable is thread-safe by GIO's contract.)
public final class Cancellable: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<GCancellable>

    public init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    public func cancel() { g_cancellable_cancel(pointer) }
    /// A descriptor that becomes readable once cancelled (to wait on with poll), kept until
    /// `releaseDescriptor()`; -1 if none can be had.
    public func descriptor() -> Int32 { g_cancellable_get_fd(pointer) }
    public func releaseDescriptor() { g_cancellable_release_fd(pointer) }
    public var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }

    /// Call `fn` (on the cancelling thread) when cancelled, or at once if it already is.
    /// Returns a token for `disconnect`; keep the handler short and do not call back into the cancellable.
    @discardableResult
    public func onCancel(_ fn: @escaping @Sendable () -> Void) -> gulong {
        let data = Unmanaged.passRetained(CancelHandler(fn)).toOpaque()
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            Unmanaged<CancelHandler>.fromOpaque(data!).takeUnretainedValue().value()
        }
        return g_cancellable_connect(pointer, unsafeBitCast(thunk, to: GCallback.self), data) { data in
            guard let data else { return }
            Unmanaged<CancelHandler>.fromOpaque(data).release()
        }
    }

    /// Stop calling a handler added with `onCancel` (waits for it if it is running on another thread).
    public func disconnect(_ handler: gulong) {
        if handler != 0 { g_cancellable_disconnect(pointer, handler) }
    }
}

/// The handler of `onCancel`. It usually runs on another thread than the one that connected it,
/// through GLib, which ThreadSanitizer cannot see: `Handoff` makes the handoff visible to it.
private typealias CancelHandler = Handoff<@Sendable () -> Void>
