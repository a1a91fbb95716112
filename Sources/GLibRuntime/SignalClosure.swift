// Why this exists: one way to connect a Swift closure to any signal, whatever its C shape: a GClosure whose marshaller hands the closure the signal's GValues (as gtk-rs binds every signal), so no signal needs a hand-written @convention(c) thunk.
import CGLib

/// A signal's arguments as GLib marshalled them: index 0 is the emitting instance, then the
/// signal's own parameters in order. Valid only during the emission, on the emitting thread.
/// (@unchecked Sendable: a signal's GValues, read only during the emission on the emitting thread (it enters MainActor.assumeIsolated on that same thread).)
public struct SignalArguments: @unchecked Sendable {
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

    private func fundamental(_ index: Int) -> GType { g_type_fundamental(value(index).pointee.g_type) }

    public func double(_ index: Int) -> Double { g_value_get_double(value(index)) }
    public func bool(_ index: Int) -> Bool { g_value_get_boolean(value(index)) != 0 }
    /// An int, uint, enum or flags argument, as C passes it (32 bits).
    public func int32(_ index: Int) -> Int32 {
        let v = value(index)
        switch fundamental(index) {
        case FundamentalType.uint: return Int32(bitPattern: g_value_get_uint(v))
        case FundamentalType.enumeration: return g_value_get_enum(v)
        case FundamentalType.flags: return Int32(bitPattern: g_value_get_flags(v))
        default: return g_value_get_int(v)
        }
    }
    public func int(_ index: Int) -> Int { Int(int32(index)) }
    public func uint32(_ index: Int) -> UInt32 { UInt32(bitPattern: int32(index)) }
    /// An object, boxed, variant, string or plain pointer argument, borrowed for the emission.
    public func pointer(_ index: Int) -> UnsafeMutableRawPointer? { g_value_peek_pointer(value(index)) }
}

/// What a handler gives back to the signal.
public enum SignalResult: Sendable {
    /// Nothing (a signal without a return value).
    case none
    /// A gboolean (true: handled, or keep the window).
    case bool(Bool)
    /// An object the handler made, handed over with its reference (transfer full), as an address.
    case object(address: UInt)
}

extension Signal {
    /// The handler of `connectClosure`: called on the thread that emits the signal.
    package typealias Marshalled = (SignalArguments) -> SignalResult

    /// Connect `fn` to `name` on `instance` through a GClosure with a generic marshaller. The
    /// closure is released when the handler is disconnected or the instance finalized.
    @discardableResult
    package static func connectClosure(_ instance: some GObjectPointer, _ name: String, after: Bool,
                                       _ fn: @escaping Marshalled) -> HandlerID {
        let data = Unmanaged.passRetained(ClosureBox(fn) as SignalBox).toOpaque()
        let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), data)!
        let marshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
            let box: ClosureBox<Marshalled> = closureBox(closure!.pointee.data)
            let result = box.fn(SignalArguments(values!, count: Int(count)))
            guard let returnValue else { return }
            switch result {
            case .none: break
            case .bool(let handled):
                if g_type_check_value_holds(returnValue, FundamentalType.boolean) != 0 { g_value_set_boolean(returnValue, handled ? 1 : 0) }
            case .object(let address): g_value_take_object(returnValue, UnsafeMutableRawPointer(bitPattern: address))
            }
        }
        g_closure_set_marshal(closure, marshal)
        g_closure_add_finalize_notifier(closure, data) { data, _ in
            guard let data else { return }
            Unmanaged<SignalBox>.fromOpaque(data).release()
        }
        return g_signal_connect_closure(instance.raw, name, closure, after ? 1 : 0)
    }

    /// A handler on the main actor, for signals GLib emits on the main thread (it traps if one
    /// ever arrives on another): it gets the signal's arguments; what it returns is the signal's
    /// return value when that is a gboolean (ignored otherwise).
    public typealias WithArguments = @MainActor (SignalArguments) -> Bool

    @discardableResult
    public static func connect(_ instance: some GObjectPointer, _ name: String, after: Bool = false,
                               arguments fn: @escaping WithArguments) -> HandlerID {
        let box = ClosureBox(fn)
        return connectClosure(instance, name, after: after) { arguments in
            .bool(MainActor.assumeIsolated { box.fn(arguments) })
        }
    }
}
