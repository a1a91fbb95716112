// Why this exists: GObject ownership from Swift: one strong reference per wrapper, floating references sunk.
import CGLib

/// Holds exactly one strong reference to a GObject of its own and drops it on deinit.
///
/// - `init(sinking:)` is for a newly created object: a floating reference (every new
///   GtkWidget but a toplevel) becomes this wrapper's; on an object that is not floating
///   (a toplevel window, which GTK itself keeps a reference to) it adds one.
/// - `init(retaining:)` adds a reference to an object someone else owns (`transfer none`).
/// - `init(adopting:)` takes over a reference the caller owns (a `transfer full` return
///   value) without adding one.
///
/// A hand-off to C that takes ownership (`transfer full`) must give away a reference of its
/// own: call `retainedForTransfer()`, never pass the wrapper's own reference.
///
/// Thread rule: GObject reference counting is atomic, so an ObjectRef may be made, passed and
/// dropped on any thread (a pixbuf decoded on a worker, a libsoup message sent from one), but
/// the last reference to a widget, a texture or anything else GTK owns must be dropped on the
/// main thread: the wrappers in `Gtk` are `@MainActor` so the compiler keeps it so.
/// (@unchecked Sendable: it is one pointer, and the rule above is GObject's, not the compiler's.)
public final class ObjectRef: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<GObject>

    public init(sinking p: some GObjectPointer) {
        pointer = p.object
        g_object_ref_sink(pointer)
    }

    public init(retaining p: some GObjectPointer) {
        pointer = p.object
        g_object_ref(pointer)
    }

    public init(adopting p: some GObjectPointer) {
        pointer = p.object
    }

    deinit { g_object_unref(pointer) }

    public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// A new reference for a `transfer full` hand-off; the wrapper keeps its own.
    public func retainedForTransfer() -> UnsafeMutableRawPointer {
        g_object_ref(pointer)
        return raw
    }

    /// The object's current reference count (tests check hand-offs with it).
    public var referenceCount: UInt32 { pointer.pointee.ref_count }
}

/// Attach a Swift object to a GObject; it is released when the GObject is finalized
/// (or when the key is set again). Used to hang a row's Swift state on its widget.
public func setAttachment(_ object: AnyObject?, on target: some GObjectPointer, key: String) {
    guard let object else {
        g_object_set_data(target.object, key, nil)
        return
    }
    let retained = Unmanaged.passRetained(object).toOpaque()
    g_object_set_data_full(target.object, key, retained) { data in
        if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
    }
}

/// Read back an object attached with `setAttachment`.
public func attachment<T: AnyObject>(_ type: T.Type, on target: some GObjectPointer, key: String) -> T? {
    guard let data = g_object_get_data(target.object, key) else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue() as? T
}
