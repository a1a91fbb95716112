// Why this exists: the app's few style rules (the row badges' colours) as a GtkCssProvider on the display.
import CGtk
import GLibRuntime

@MainActor
public enum StyleSheet {
    /// Add `css` for every window of the default display (application priority).
    public static func add(_ css: String) {
        guard let display = gdk_display_get_default() else { return }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
