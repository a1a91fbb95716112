// Why this exists: toplevel windows (the application window and plain ones) and the header bar.
import CGtk
import GLibRuntime

/// A toplevel. GTK keeps a reference of its own to every toplevel until it is destroyed (closed);
/// the wrapper holds one more, so it stays valid after the window is gone.
@MainActor
open class Window: Widget {
    /// A plain toplevel window.
    public init() { super.init(sinking: gtk_window_new()!) }
    init(sinkingToplevel p: some GObjectPointer) { super.init(sinking: p) }

    var gtkWindow: UnsafeMutablePointer<GtkWindow> { widget.window }

    public var title: String {
        get { gtk_window_get_title(gtkWindow).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(gtkWindow, newValue) }
    }

    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(gtkWindow, width, height) }
    /// A dialog of `parent`: above it, and the only one of the app's windows that takes input.
    public func makeDialog(of parent: Window) {
        gtk_window_set_transient_for(gtkWindow, parent.gtkWindow)
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_destroy_with_parent(gtkWindow, 1)
    }
    public func setChild(_ child: Widget) { gtk_window_set_child(gtkWindow, child.widget) }
    public func setTitlebar(_ bar: Widget) { gtk_window_set_titlebar(gtkWindow, bar.widget) }
    public func present() { gtk_window_present(gtkWindow) }
    /// Ask to close (emits `close-request`, which may keep the window).
    public func close() { gtk_window_close(gtkWindow) }
    /// Destroy at once: GTK drops its own reference and the window's children.
    public func destroy() { gtk_window_destroy(gtkWindow) }

    public var isMaximized: Bool { gtk_window_is_maximized(gtkWindow) != 0 }
    public func maximize() { gtk_window_maximize(gtkWindow) }
    public var isFullscreen: Bool { gtk_window_is_fullscreen(gtkWindow) != 0 }
    public func fullscreen() { gtk_window_fullscreen(gtkWindow) }
    public func unfullscreen() { gtk_window_unfullscreen(gtkWindow) }
    /// The window manager made the window fullscreen or took it back (`notify::fullscreened`).
    /// Minimised (iconified) by the user or the window manager.
    public var isMinimized: Bool {
        guard let surface = gtk_native_get_surface(OpaquePointer(widget)) else { return false }
        return gdk_toplevel_get_state(surface).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
    }

    /// The toplevel's state changed (minimised, restored, maximised…); connect once it is realized.
    public func onStateChanged(_ fn: @escaping Signal.Plain) {
        guard let surface = gtk_native_get_surface(OpaquePointer(widget)) else { return }
        Signal.connectPointer(surface, "notify::state") { _ in fn() }
    }

    /// The window has the keyboard focus of the desktop (`gtk_window_is_active`).
    public var isActive: Bool { gtk_window_is_active(gtkWindow) != 0 }

    /// The window gained or lost the desktop's focus (`notify::is-active`).
    public func onActiveChanged(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::is-active") { _ in fn() }
    }

    public func onFullscreenChanged(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::fullscreened") { _ in fn() }
    }

    /// The size the window would open at: its current size unless maximized.
    public var defaultSize: (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        return (width, height)
    }

    /// The size the window opens at changed: GTK 4 keeps it equal to the current size while
    /// the window is resized (not maximized).
    public func onDefaultSizeChanged(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::default-width") { _ in fn() }
        Signal.connectPointer(ref.pointer, "notify::default-height") { _ in fn() }
    }

    /// Return true to keep the window open.
    /// The renderer GTK draws this (realized) window with: "cairo", "gl" (GTK's GL renderers),
    /// "vulkan", or GTK's own type name for another; nil before the window is realized.
    public var rendererName: String? {
        guard let renderer = gtk_native_get_renderer(OpaquePointer(ref.raw)) else { return nil }
        let type = renderer.typeName
        switch type {
        case "GskCairoRenderer": return "cairo"
        case "GskGLRenderer", "GskNglRenderer": return "gl"
        case "GskVulkanRenderer": return "vulkan"
        default: return type
        }
    }

    public func onCloseRequest(_ fn: @escaping Signal.ReturningBool) { Signal.connectReturningBool(ref.pointer, "close-request", fn) }
}

@MainActor
public final class ApplicationWindow: Window {
    public init(application: Application) {
        super.init(sinkingToplevel: gtk_application_window_new(application.pointer)!)
    }

    /// Add a parameterless window action (`win.NAME`).
    public func addAction(_ name: String, _ fn: @escaping Signal.Plain) {
        let action = g_simple_action_new(name, nil)!
        // `activate` is (action, parameter, user_data): the handler takes the (unused) parameter.
        Signal.connectPointer(action, "activate") { _ in fn() }
        // A second action of the same name would replace the first without a word.
        assert(g_action_map_lookup_action(ref.pointer.opaque, name) == nil, "win.\(name) is added twice")
        // g_action_map_add_action takes its own reference (transfer none); drop ours.
        g_action_map_add_action(ref.pointer.opaque, action)
        g_object_unref(action.raw)
    }
}

@MainActor
public final class HeaderBar: Widget {
    public init() { super.init(sinking: gtk_header_bar_new()!) }
    private var bar: OpaquePointer { widget.opaque }

    public func setTitleWidget(_ child: Widget) { gtk_header_bar_set_title_widget(bar, child.widget) }
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }
}

/// GTK without a GtkApplication (tests): initialise it on the display in `$DISPLAY`.
@MainActor
public enum GtkSetup {
    /// False when no display can be opened.
    public static func initialize() -> Bool { gtk_init_check() != 0 }
}
