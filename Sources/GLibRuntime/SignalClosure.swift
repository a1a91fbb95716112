// Why this exists: one way to connect a Swift closure to any signal, whatever its C shape: a GClosure whose marshaller hands the closure the signal's GValues (as gtk-rs binds every signal), so a new signal needs no hand-written @convention(c) thunk.
import CGLib

/// A signal's arguments as GLib marshalled them: index 0 is the emitting instance, then the
/// signal's own parameters in order. Valid only during the handler.
@MainActor
public struct SignalArguments {
    private let values: UnsafePointer<GValue>
    public let count: Int

    init(_ values: UnsafePointer<GValue>, count: Int) {
        self.values = values
        self.count = count
    }

    private func value(_ index: Int) -> UnsafePointer<GValue> {
        precondition(index < count, "signal argument \(index) asked of \(count)")
        return values + index
    }

    public func double(_ index: Int) -> Double { g_value_get_double(value(index)) }
    public func int(_ index: Int) -> Int { Int(g_value_get_int(value(index))) }
    public func uint(_ index: Int) -> UInt { UInt(g_value_get_uint(value(index))) }
    public func bool(_ index: Int) -> Bool { g_value_get_boolean(value(index)) != 0 }
    /// A boxed, pointer or object argument (borrowed: GLib owns it for the emission).
    public func pointer(_ index: Int) -> UnsafeMutableRawPointer? {
        let v = value(index)
        if g_type_check_value_holds(v, FundamentalType.object) != 0 { return g_value_get_object(v) }
        if g_type_check_value_holds(v, FundamentalType.pointer) != 0 { return g_value_get_pointer(v) }
        return g_value_get_boxed(v)
    }
}

extension Signal {
    /// The handler gets the signal's arguments; what it returns is the signal's return value
    /// when the signal has one of type gboolean (ignored otherwise).
    public typealias WithArguments = @MainActor (SignalArguments) -> Bool

    /// Connect `fn` to `name` on `instance` through a GClosure with a generic marshaller. The
    /// closure is released when the handler is disconnected or the instance finalized. For
    /// signals emitted on the main thread only (the handler runs on the main actor).
    @discardableResult
    public static func connect(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                               arguments fn: @escaping WithArguments) -> HandlerID {
        let data = Unmanaged.passRetained(ClosureBox(fn) as SignalBox).toOpaque()
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
        let marshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
            let box: ClosureBox<WithArguments> = closureBox(closure!.pointee.data)
            nonisolated(unsafe) let values = values!, returnValue = returnValue
            MainActor.assumeIsolated {
                let handled = box.fn(SignalArguments(values, count: Int(count)))
                if let returnValue, g_type_check_value_holds(returnValue, FundamentalType.boolean) != 0 {
                    g_value_set_boolean(returnValue, handled ? 1 : 0)
                }
            }
        }
        g_closure_set_marshal(closure, marshal)
        g_closure_add_finalize_notifier(closure, data) { data, _ in
            guard let data else { return }
            Unmanaged<SignalBox>.fromOpaque(data).release()
        }
        return g_signal_connect_closure(instance.raw, name, closure, after ? 1 : 0)
    }
}
