// Why this exists: connecting Swift closures to GObject signals, since g_signal_connect (a macro) does not import.
//
// Each closure is held by a box retained with `passRetained`; the box is released by the
// GClosureNotify that GLib calls when the handler is disconnected or its object finalized.
// (`passUnretained`, as some other Swift GTK bindings did, frees the box while GLib still
// holds it: a use-after-free.) Each signal shape has a `@convention(c)` thunk whose
// parameters match the C signature exactly, with `user_data` last.
//
// Handlers typed `@MainActor` are for signals GLib emits on the main thread; their thunks
// enter the main actor with `MainActor.assumeIsolated`, which traps if a signal ever arrives
// on another thread. The `OffMain` shapes are for signals emitted on whichever thread drives
// the object (GdkPixbufLoader's `size-prepared`, SoupMessage's `network-event`).
import CGLib

/// Base class so the notify can release a box without knowing its closure type.
package class SignalBox: @unchecked Sendable {}

/// Immutable; its closure is only ever called as its type says (on the main actor, or on any thread for the OffMain shapes).
package final class ClosureBox<F>: SignalBox, @unchecked Sendable {
    package let fn: F
    package init(_ fn: F) { self.fn = fn }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalBox>.fromOpaque(data).release()
}

@inline(__always)
package func closureBox<F>(_ data: UnsafeMutableRawPointer?) -> ClosureBox<F> {
    Unmanaged<ClosureBox<F>>.fromOpaque(data!).takeUnretainedValue()
}

/// Signal connection helpers, one per C signal shape the app uses.
public enum Signal {
    public typealias HandlerID = gulong

    /// Connect `thunk` (a `@convention(c)` function cast to GCallback) with `fn` boxed as its user data.
    @discardableResult
    package static func connectRaw<F>(_ instance: some GObjectPointer, _ name: String, after: Bool,
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
            let box: ClosureBox<Plain> = closureBox(data)
            MainActor.assumeIsolated { box.fn() }
        }
        return connectRaw(instance, name, after: after, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, user_data) -> void, on any thread: GdkPixbufLoader `area-prepared`.
    public typealias PlainOffMain = () -> Void
    @discardableResult
    public static func connectOffMain(_ instance: some GObjectPointer, _ name: String, _ fn: @escaping PlainOffMain) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let box: ClosureBox<PlainOffMain> = closureBox(data)
            box.fn()
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, user_data) -> gboolean: GtkWindow `close-request` (return true to keep the window).
    public typealias ReturningBool = @MainActor () -> Bool
    @discardableResult
    public static func connectReturningBool(_ instance: some GObjectPointer, _ name: String,
                                            _ fn: @escaping ReturningBool) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let box: ClosureBox<ReturningBool> = closureBox(data)
            return MainActor.assumeIsolated { box.fn() } ? 1 : 0
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gpointer arg, user_data) -> void: list item factory setup/bind/unbind, GAction activate…
    public typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
    @discardableResult
    public static func connectPointer(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                                      _ fn: @escaping WithPointer) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
            let box: ClosureBox<WithPointer> = closureBox(data)
            nonisolated(unsafe) let arg = arg
            MainActor.assumeIsolated { box.fn(arg) }
        }
        return connectRaw(instance, name, after: after, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gint, user_data) -> void: GtkNativeDialog and GtkInfoBar `response`.
    public typealias WithInt = @MainActor (Int32) -> Void
    @discardableResult
    public static func connectInt(_ instance: some GObjectPointer, _ name: String,
                                  _ fn: @escaping WithInt) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, value, data in
            let box: ClosureBox<WithInt> = closureBox(data)
            MainActor.assumeIsolated { box.fn(value) }
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gint, gint, user_data) -> void, on any thread: GdkPixbufLoader `size-prepared`,
    // emitted on the thread that feeds the loader.
    public typealias WithIntIntOffMain = (Int32, Int32) -> Void
    @discardableResult
    public static func connectIntIntOffMain(_ instance: some GObjectPointer, _ name: String,
                                            _ fn: @escaping WithIntIntOffMain) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
            let box: ClosureBox<WithIntIntOffMain> = closureBox(data)
            box.fn(a, b)
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gint, gpointer, user_data) -> void, on any thread: SoupMessage `network-event`
    // (a GSocketClientEvent and the connection's GIOStream), emitted on the thread sending it.
    public typealias WithIntPointerOffMain = (Int32, UnsafeMutableRawPointer?) -> Void
    @discardableResult
    public static func connectIntPointerOffMain(_ instance: some GObjectPointer, _ name: String,
                                                _ fn: @escaping WithIntPointerOffMain) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, a, p, data in
            let box: ClosureBox<WithIntPointerOffMain> = closureBox(data)
            box.fn(a, p)
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gpointer, gpointer, gint, user_data) -> void: GFileMonitor `changed` (the file,
    // the other file of a move, the event), emitted in the main context that made the monitor.
    public typealias WithPointerPointerInt = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void
    @discardableResult
    public static func connectPointerPointerInt(_ instance: some GObjectPointer, _ name: String,
                                                _ fn: @escaping WithPointerPointerInt) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = { _, a, b, value, data in
            let box: ClosureBox<WithPointerPointerInt> = closureBox(data)
            nonisolated(unsafe) let a = a, b = b
            MainActor.assumeIsolated { box.fn(a, b, value) }
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gdouble, gdouble, user_data) -> gboolean: GtkEventControllerScroll `scroll`.
    public typealias WithDoublesReturningBool = @MainActor (Double, Double) -> Bool
    @discardableResult
    public static func connectDoublesReturningBool(_ instance: some GObjectPointer, _ name: String,
                                                   _ fn: @escaping WithDoublesReturningBool) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> gboolean = { _, x, y, data in
            let box: ClosureBox<WithDoublesReturningBool> = closureBox(data)
            return MainActor.assumeIsolated { box.fn(x, y) } ? 1 : 0
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gdouble, gdouble, user_data) -> gpointer (transfer full): GtkDragSource `prepare`.
    public typealias WithDoublesReturningPointer = @MainActor (Double, Double) -> UnsafeMutableRawPointer?
    @discardableResult
    public static func connectDoublesReturningPointer(_ instance: some GObjectPointer, _ name: String,
                                                      _ fn: @escaping WithDoublesReturningPointer) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _, x, y, data in
            let box: ClosureBox<WithDoublesReturningPointer> = closureBox(data)
            // Across the isolation boundary as an address (a pointer is not Sendable).
            let address = MainActor.assumeIsolated { UInt(bitPattern: box.fn(x, y)) }
            return UnsafeMutableRawPointer(bitPattern: address)
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, gdouble, gdouble, user_data) -> void: `decelerate`, GtkGestureClick `pressed`…
    public typealias WithDoubles = @MainActor (Double, Double) -> Void
    @discardableResult
    public static func connectDoubles(_ instance: some GObjectPointer, _ name: String,
                                      _ fn: @escaping WithDoubles) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
            let box: ClosureBox<WithDoubles> = closureBox(data)
            MainActor.assumeIsolated { box.fn(x, y) }
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (GApplication*, GFile**, gint, gchar*, user_data) -> void: GApplication `open`.
    public typealias Open = @MainActor ([String]) -> Void
    @discardableResult
    public static func connectOpen(_ instance: some GObjectPointer, _ fn: @escaping Open) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
                                   UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
            let box: ClosureBox<Open> = closureBox(data)
            var uris: [String] = []
            for i in 0..<Int(count) {
                guard let file = files?[i], let uri = g_file_get_uri(file) else { continue }
                uris.append(String(cString: uri))
                g_free(uri)
            }
            MainActor.assumeIsolated { box.fn(uris) }
        }
        return connectRaw(instance, "open", after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }

    // (instance, const GValue*, gdouble, gdouble, user_data) -> gboolean: GtkDropTarget `drop`.
    public typealias WithValueReturningBool = @MainActor (UnsafePointer<GValue>?) -> Bool
    @discardableResult
    public static func connectValueReturningBool(_ instance: some GObjectPointer, _ name: String,
                                                 _ fn: @escaping WithValueReturningBool) -> HandlerID {
        let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<GValue>?, Double, Double,
                                   UnsafeMutableRawPointer?) -> gboolean = { _, value, _, _, data in
            let box: ClosureBox<WithValueReturningBool> = closureBox(data)
            nonisolated(unsafe) let value = value
            return MainActor.assumeIsolated { box.fn(value) } ? 1 : 0
        }
        return connectRaw(instance, name, after: false, fn, thunk: unsafeBitCast(thunk, to: GCallback.self))
    }
}
