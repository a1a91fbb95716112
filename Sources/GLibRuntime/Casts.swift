// Why this exists: stand-ins for GLib's C cast macros (G_OBJECT, …), which do not import into Swift.
import CGLib

/// Anything that is a pointer to a GObject instance, whichever way Swift imported its type:
/// final types arrive as `OpaquePointer`, derivable ones as `UnsafeMutablePointer<_X>`.
public protocol GObjectPointer {
    var raw: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
    @inline(__always) public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
    @inline(__always) public var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: GObjectPointer {
    @inline(__always) public var raw: UnsafeMutableRawPointer { self }
}

extension GObjectPointer {
    /// `G_OBJECT(p)`
    @inline(__always) public var object: UnsafeMutablePointer<GObject> { raw.assumingMemoryBound(to: GObject.self) }
    /// Any other cast: `p.as(GInputStream.self)` for `G_INPUT_STREAM(p)`.
    @inline(__always) public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }
    /// `G_OBJECT_TYPE_NAME(p)`: the instance's own type ("GskCairoRenderer").
    public var typeName: String {
        let instance = raw.assumingMemoryBound(to: GTypeInstance.self)
        guard let typeClass = instance.pointee.g_class, let name = g_type_name(typeClass.pointee.g_type) else { return "" }
        return String(cString: name)
    }
    /// For the final types that Swift imports as `OpaquePointer` (GdkTexture, SoupMessage, …).
    @inline(__always) public var opaque: OpaquePointer { OpaquePointer(raw) }
}
