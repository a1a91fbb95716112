// Why this exists: the GTK cast macros (GTK_WIDGET, GTK_WINDOW, …) as properties, on top of the runtime's GObject casts.
import CGtk
import GLibRuntime

extension GObjectPointer {
    /// `GTK_WIDGET(p)`
    @inline(__always) var widget: UnsafeMutablePointer<GtkWidget> { raw.assumingMemoryBound(to: GtkWidget.self) }
    /// `GTK_WINDOW(p)`
    @inline(__always) var window: UnsafeMutablePointer<GtkWindow> { raw.assumingMemoryBound(to: GtkWindow.self) }
    /// `G_APPLICATION(p)`
    @inline(__always) var gApplication: UnsafeMutablePointer<GApplication> { raw.assumingMemoryBound(to: GApplication.self) }
    /// `GTK_NATIVE_DIALOG(p)`
    @inline(__always) var nativeDialog: UnsafeMutablePointer<GtkNativeDialog> { raw.assumingMemoryBound(to: GtkNativeDialog.self) }
}
