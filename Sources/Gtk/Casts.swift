// Why this exists: stand-ins for the C cast macros (G_OBJECT, GTK_WIDGET, …), which do not import into Swift.
import CGtk

/// Anything that is a pointer to a GObject instance, whichever way Swift imported its type:
/// final GTK types arrive as `OpaquePointer`, derivable ones as `UnsafeMutablePointer<_X>`.
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
    /// `GTK_WIDGET(p)`
    @inline(__always) public var widget: UnsafeMutablePointer<GtkWidget> { raw.assumingMemoryBound(to: GtkWidget.self) }
    /// `GTK_WINDOW(p)`
    @inline(__always) public var window: UnsafeMutablePointer<GtkWindow> { raw.assumingMemoryBound(to: GtkWindow.self) }
    /// `G_APPLICATION(p)`
    @inline(__always) public var gApplication: UnsafeMutablePointer<GApplication> { raw.assumingMemoryBound(to: GApplication.self) }
    /// `GTK_NATIVE_DIALOG(p)`
    @inline(__always) public var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> { raw.assumingMemoryBound(to: GtkNativeDialog.self) }
    /// Any other cast: `p.as(GtkBox.self)` for `GTK_BOX(p)`.
    @inline(__always) public func `as`<T>(_ type: T.Type) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }
    /// For the final types that Swift imports as `OpaquePointer` (GtkLabel, GtkPicture, GdkTexture, …).
    @inline(__always) public var opaque: OpaquePointer { OpaquePointer(raw) }
}
