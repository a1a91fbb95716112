// Why this exists: GCancellable, so cancelling an operation aborts the libsoup or GIO transfer in flight.
import CGLib

/// A GCancellable. `cancel()` may be called from any thread; GIO and libsoup calls given this
/// cancellable return G_IO_ERROR_CANCELLED at once, even in the middle of a transfer.
public final class Cancellable: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<GCancellable>

    public init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    public func cancel() { g_cancellable_cancel(pointer) }
    public var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
}
