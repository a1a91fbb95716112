// Why this exists: connecting Swift closures to GObject signals, since g_signal_connect (a macro) does not import.
//
// Each closure is held by a box retained with `passRetained`; the box is released by the
// GClosureNotify that GLib calls when the handler is disconnected or its object finalized.
// (`passUnretained`, as some other Swift GTK bindings did, frees the box while GLib still
// holds it: a use-after-free.) Each signal shape has a `@convention(c)` thunk whose
// parameters match the C signature exactly, with `user_data` last.
import CGtk

/// Base class so the notify can release a box without knowing its closure type.
class SignalBox {}

final class ClosureBox<F>: SignalBox {
    let fn: F
    init(_ fn: F) { self.fn = fn }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

@inline(__always)
private func box<F>(_ data: UnsafeMutableRawPointer?) -> F {
    Unmanaged<ClosureBox<F>>.fromOpaque(data!).takeUnretainedValue().fn
}

/// Signal connection helpers, one per C signal shape the app uses.
///
/// Handlers marked `@MainActor` are for signals GTK emits on the main thread; the thunk
/// checks that it runs on the main thread. `connectIntInt` is for GdkPixbufLoader's
/// `size-prepared`, which fires on whichever thread feeds the loader.
public enum Signal {
    public typealias HandlerID = gulong

    /// For signals emitted on worker threads (GdkPixbufLoader): a `() -> Void` handler, any thread.
    public static let plainThunkOffMain: GCallback = unsafeBitCast(
        { (_: UnsafeMutableRawPointer?, data: UnsafeMutableRawPointer?) in
            let fn: () -> Void = box(data)
            fn()
        } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self)

    @discardableResult
    public static func connectRaw<F>(_ instance: some GObjectPointer, _ name: String, after: Bool,
                              _ fn: F, thunk: GCallback) -> HandlerID {
        let data = Unmanaged.passRetained(ClosureBox(fn) as SignalBox).toOpaque()
        return g_signal_connect_data(instance.raw, name, thunk, data, releaseBox,
                                     after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }

    public static func disconnect(_ instance: some GObjectPointer, _ id: HandlerID) {
        g_signal_handler_disconnect(instance.raw, id)
    }

    // (instance, user_data) -> void: clicked, activate, value-changed, after-paint, map, scroll-begin…
    public typealias Plain = @MainActor () -> Void
    @discardableResult
    public static func connect(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                               _ fn: @escaping Plain) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            checkMainThread()
            let fn: () -> Void = box(data)
            fn()
        }
        return connectRaw(instance, name, after: after, unisolated(fn, as: (() -> Void).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, user_data) -> gboolean: GtkWindow `close-request` (return true to keep the window).
    public typealias ReturningBool = @MainActor () -> Bool
    @discardableResult
    public static func connectReturningBool(_ instance: some GObjectPointer, _ name: String,
                                            _ fn: @escaping ReturningBool) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            checkMainThread()
            let fn: () -> Bool = box(data)
            return fn() ? 1 : 0
        }
        return connectRaw(instance, name, after: false, unisolated(fn, as: (() -> Bool).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gpointer arg, user_data) -> void: list item factory setup/bind/unbind, notify::…
    public typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
    @discardableResult
    public static func connectPointer(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                                      _ fn: @escaping WithPointer) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
            checkMainThread()
            let fn: (UnsafeMutableRawPointer?) -> Void = box(data)
            fn(arg)
        }
        return connectRaw(instance, name, after: after, unisolated(fn, as: ((UnsafeMutableRawPointer?) -> Void).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gint, user_data) -> void: GtkNativeDialog and GtkInfoBar `response`.
    public typealias WithInt = @MainActor (Int32) -> Void
    @discardableResult
    public static func connectInt(_ instance: some GObjectPointer, _ name: String,
                                  _ fn: @escaping WithInt) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            checkMainThread()
            let fn: (Int32) -> Void = box(data)
            fn(value)
        }
        return connectRaw(instance, name, after: false, unisolated(fn, as: ((Int32) -> Void).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gint, gint, user_data) -> void: GdkPixbufLoader `size-prepared`, on the decoding thread.
    public typealias WithIntInt = (Int32, Int32) -> Void
    @discardableResult
    public static func connectIntInt(_ instance: some GObjectPointer, _ name: String,
                                     _ fn: @escaping WithIntInt) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
            let fn: WithIntInt = box(data)
            fn(a, b)
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gdouble, gdouble, user_data) -> gboolean: GtkEventControllerScroll `scroll`.
    public typealias WithDoublesReturningBool = @MainActor (Double, Double) -> Bool
    @discardableResult
    public static func connectDoublesReturningBool(_ instance: some GObjectPointer, _ name: String,
                                                   _ fn: @escaping WithDoublesReturningBool) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, x, y, data in
            checkMainThread()
            let fn: (Double, Double) -> Bool = box(data)
            return fn(x, y) ? 1 : 0
        }
        return connectRaw(instance, name, after: false, unisolated(fn, as: ((Double, Double) -> Bool).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gdouble, gdouble, user_data) -> void: `decelerate`.
    public typealias WithDoubles = @MainActor (Double, Double) -> Void
    @discardableResult
    public static func connectDoubles(_ instance: some GObjectPointer, _ name: String,
                                      _ fn: @escaping WithDoubles) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            checkMainThread()
            let fn: (Double, Double) -> Void = box(data)
            fn(x, y)
        }
        return connectRaw(instance, name, after: false, unisolated(fn, as: ((Double, Double) -> Void).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (GApplication*, GFile**, gint, gchar*, user_data) -> void: GApplication `open`.
    public typealias Open = @MainActor ([String]) -> Void
    @discardableResult
    public static func connectOpen(_ instance: some GObjectPointer, _ fn: @escaping Open) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
                                   UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            checkMainThread()
            let fn: ([String]) -> Void = box(data)
            var uris: [String] = []
            for i in 0..<Int(count) {
                guard let file = files?[i], let uri = g_file_get_uri(file) else { continue }
                uris.append(String(cString: uri))
                g_free(uri)
            }
            fn(uris)
        }
        return connectRaw(instance, "open", after: false, unisolated(fn, as: (([String]) -> Void).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (GtkDropTarget*, const GValue*, gdouble, gdouble, user_data) -> gboolean: `drop`.
    public typealias Drop = @MainActor (UnsafePointer<GValue>?) -> Bool
    @discardableResult
    public static func connectDrop(_ instance: some GObjectPointer, _ fn: @escaping Drop) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double,
                                   UnsafeMutableRawPointer?) -> gboolean = { _, value, _, _, data in
            checkMainThread()
            let fn: (UnsafePointer<GValue>?) -> Bool = box(data)
            return fn(value) ? 1 : 0
        }
        return connectRaw(instance, "drop", after: false, unisolated(fn, as: ((UnsafePointer<GValue>?) -> Bool).self), thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
