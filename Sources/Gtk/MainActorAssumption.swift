// Why this exists: C callbacks that GTK calls on the main thread must run @MainActor Swift code.
import Foundation

/// Strip the `@MainActor` from a closure type so a C callback can hold and call it.
///
/// Sync closures with and without global-actor isolation share one representation. The caller
/// must only call the result on the main thread: every caller here does so from a GLib callback
/// dispatched by the main context, after `checkMainThread()`.
@inline(__always)
public func unisolated<F, G>(_ fn: F, as type: G.Type) -> G {
    unsafeBitCast(fn, to: G.self)
}

/// Trap when a GTK callback arrives off the main thread (it never should).
@inline(__always)
public func checkMainThread() {
    precondition(Thread.isMainThread, "GTK callback arrived off the main thread")
}
