// Why this exists: connecting Swift closures to GObject signals, since g_signal_connect (a macro) does not import: each shape the app uses, by name, over the one generic closure (SignalClosure.swift).
//
// Each closure is held by a box retained with `passRetained`; the box is released by the
// notify GLib calls when the handler is disconnected or its object finalized. (`passUnretained`,
// as some other Swift GTK bindings did, frees the box while GLib still holds it: a use-after-free.)
//
// Handlers typed `@MainActor` are for signals GLib emits on the main thread; they enter the main
// actor with `MainActor.assumeIsolated`, which traps if a signal ever arrives on another thread.
// The `OffMain` shapes are for signals emitted on whichever thread drives the object
// (GdkPixbufLoader's `size-prepared`, SoupMessage's `network-event`).
import CGLib

/// Base class so the notify can release a box without knowing its closure type.
/// (@unchecked Sendable: a base class with no state.)
package class SignalBox: @unchecked Sendable {}

/// Immutable; its closure is only ever called as its type says (on the main actor, or on any thread for the OffMain shapes).
/// (@unchecked Sendable: immutable; its closure is only called as its type says (main actor, or any thread for the OffMain shapes).)
package final class ClosureBox<F>: SignalBox, @unchecked Sendable {
    package let fn: F
    package init(_ fn: F) { self.fn = fn }
}

@inline(__always)
package func closureBox<F>(_ data: UnsafeMutableRawPointer?) -> ClosureBox<F> {
    Unmanaged<ClosureBox<F>>.fromOpaque(data!).takeUnretainedValue()
}

/// Signal connection helpers, one per signal shape the app uses.
public enum Signal {
    public typealias HandlerID = gulong

    public static func disconnect(_ instance: some GObjectPointer, _ id: HandlerID) {
        g_signal_handler_disconnect(instance.raw, id)
    }

    /// A main-actor handler of `fn`'s shape, over the generic closure.
    private static func onMain<F>(_ instance: some GObjectPointer, _ name: String, after: Bool, _ fn: F,
                                  _ call: @escaping @MainActor (F, SignalArguments) -> SignalResult) -> HandlerID {
        let box = ClosureBox(fn), caller = ClosureBox(call)
        return connectClosure(instance, name, after: after) { arguments in
            MainActor.assumeIsolated { caller.fn(box.fn, arguments) }
        }
    }

    // () -> void: clicked, activate, value-changed, after-paint, map, scroll-begin…
    public typealias Plain = @MainActor () -> Void
    @discardableResult
    public static func connect(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                               _ fn: @escaping Plain) -> HandlerID {
        onMain(instance, name, after: after, fn) { fn, _ in fn(); return .none }
    }

    // () -> void, on any thread: GdkPixbufLoader `area-prepared`.
    public typealias PlainOffMain = () -> Void
    @discardableResult
    public static func connectOffMain(_ instance: some GObjectPointer, _ name: String, _ fn: @escaping PlainOffMain) -> HandlerID {
        connectClosure(instance, name, after: false) { _ in fn(); return .none }
    }

    // () -> gboolean: GtkWindow `close-request` (return true to keep the window).
    public typealias ReturningBool = @MainActor () -> Bool
    @discardableResult
    public static func connectReturningBool(_ instance: some GObjectPointer, _ name: String,
                                            _ fn: @escaping ReturningBool) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, _ in .bool(fn()) }
    }

    // (gpointer) -> void: list item factory setup/bind/unbind, GAction activate…
    public typealias WithPointer = @MainActor (UnsafeMutableRawPointer?) -> Void
    @discardableResult
    public static func connectPointer(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                                      _ fn: @escaping WithPointer) -> HandlerID {
        onMain(instance, name, after: after, fn) { fn, arguments in fn(arguments.pointer(1)); return .none }
    }

    // (gpointer, gint) -> void: GtkPrintOperation `draw-page` (the print context, the page).
    public typealias WithPointerInt = @MainActor (UnsafeMutableRawPointer?, Int32) -> Void
    @discardableResult
    public static func connectPointerInt(_ instance: some GObjectPointer, _ name: String,
                                         _ fn: @escaping WithPointerInt) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in fn(arguments.pointer(1), arguments.int32(2)); return .none }
    }

    // (gint) -> void: GtkNativeDialog and GtkInfoBar `response`.
    public typealias WithInt = @MainActor (Int32) -> Void
    @discardableResult
    public static func connectInt(_ instance: some GObjectPointer, _ name: String,
                                  _ fn: @escaping WithInt) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in fn(arguments.int32(1)); return .none }
    }

    // (gint, gint) -> void, on any thread: GdkPixbufLoader `size-prepared`, emitted on the
    // thread that feeds the loader.
    public typealias WithIntIntOffMain = (Int32, Int32) -> Void
    @discardableResult
    public static func connectIntIntOffMain(_ instance: some GObjectPointer, _ name: String,
                                            _ fn: @escaping WithIntIntOffMain) -> HandlerID {
        connectClosure(instance, name, after: false) { arguments in fn(arguments.int32(1), arguments.int32(2)); return .none }
    }

    // (enum, gpointer) -> void, on any thread: SoupMessage `network-event` (a GSocketClientEvent
    // and the connection's GIOStream), emitted on the thread sending it.
    public typealias WithIntPointerOffMain = (Int32, UnsafeMutableRawPointer?) -> Void
    @discardableResult
    public static func connectIntPointerOffMain(_ instance: some GObjectPointer, _ name: String,
                                                _ fn: @escaping WithIntPointerOffMain) -> HandlerID {
        connectClosure(instance, name, after: false) { arguments in fn(arguments.int32(1), arguments.pointer(2)); return .none }
    }

    // (gpointer, gpointer, enum) -> void: GFileMonitor `changed` (the file, the other file of a
    // move, the event), emitted in the main context that made the monitor.
    public typealias WithPointerPointerInt = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32) -> Void
    @discardableResult
    public static func connectPointerPointerInt(_ instance: some GObjectPointer, _ name: String,
                                                _ fn: @escaping WithPointerPointerInt) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in
            fn(arguments.pointer(1), arguments.pointer(2), arguments.int32(3))
            return .none
        }
    }

    // (gint, gint, gboolean, gpointer) -> gboolean: GtkWidget `query-tooltip` (x, y, keyboard
    // mode, the GtkTooltip to fill; true: show it).
    public typealias QueryTooltip = @MainActor (Int, Int, Bool, UnsafeMutableRawPointer?) -> Bool
    @discardableResult
    public static func connectQueryTooltip(_ instance: some GObjectPointer, _ fn: @escaping QueryTooltip) -> HandlerID {
        onMain(instance, "query-tooltip", after: false, fn) { fn, arguments in
            .bool(fn(arguments.int(1), arguments.int(2), arguments.bool(3), arguments.pointer(4)))
        }
    }

    // (gdouble, gdouble) -> gboolean: GtkEventControllerScroll `scroll`.
    public typealias WithDoublesReturningBool = @MainActor (Double, Double) -> Bool
    @discardableResult
    public static func connectDoublesReturningBool(_ instance: some GObjectPointer, _ name: String,
                                                   _ fn: @escaping WithDoublesReturningBool) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in .bool(fn(arguments.double(1), arguments.double(2))) }
    }

    // (gdouble, gdouble) -> GObject* (transfer full): GtkDragSource `prepare`.
    public typealias WithDoublesReturningPointer = @MainActor (Double, Double) -> UnsafeMutableRawPointer?
    @discardableResult
    public static func connectDoublesReturningPointer(_ instance: some GObjectPointer, _ name: String,
                                                      _ fn: @escaping WithDoublesReturningPointer) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in
            .object(address: UInt(bitPattern: fn(arguments.double(1), arguments.double(2))))
        }
    }

    // (gdouble, gdouble) -> void: `decelerate`…
    public typealias WithDoubles = @MainActor (Double, Double) -> Void
    @discardableResult
    public static func connectDoubles(_ instance: some GObjectPointer, _ name: String,
                                      _ fn: @escaping WithDoubles) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in fn(arguments.double(1), arguments.double(2)); return .none }
    }

    // (GFile**, gint, gchar*) -> void: GApplication `open`.
    public typealias Open = @MainActor ([String]) -> Void
    @discardableResult
    public static func connectOpen(_ instance: some GObjectPointer, _ fn: @escaping Open) -> HandlerID {
        onMain(instance, "open", after: false, fn) { fn, arguments in
            let files = arguments.pointer(1)?.assumingMemoryBound(to: OpaquePointer?.self)
            var uris: [String] = []
            for i in 0..<max(0, arguments.int(2)) {
                guard let file = files?[i], let uri = g_file_get_uri(file) else { continue }
                uris.append(String(cString: uri))
                g_free(uri)
            }
            fn(uris)
            return .none
        }
    }

    // (const GValue*, gdouble, gdouble) -> gboolean: GtkDropTarget `drop`.
    public typealias WithValueReturningBool = @MainActor (UnsafePointer<GValue>?) -> Bool
    @discardableResult
    public static func connectValueReturningBool(_ instance: some GObjectPointer, _ name: String,
                                                 _ fn: @escaping WithValueReturningBool) -> HandlerID {
        onMain(instance, name, after: false, fn) { fn, arguments in
            .bool(fn(arguments.pointer(1).map { UnsafePointer($0.assumingMemoryBound(to: GValue.self)) }))
        }
    }
}
