// Why this exists: the display's clipboard: Copy puts an image there (GdkClipboard with a texture), which GTK offers to other apps as image/png and the other formats its texture serializers write; or several files.
import CGtk
import GLibRuntime

@MainActor
public enum Clipboard {
    /// Put `texture` on the clipboard of `widget`'s display. GTK encodes it only when another app
    /// asks for it, in the format it asks for.
    public static func set(_ texture: Texture, for widget: Widget) {
        guard let clipboard = gtk_widget_get_clipboard(widget.ref.pointer.widget) else { return }
        gdk_clipboard_set_texture(clipboard, texture.ref.pointer.opaque)
    }
}

extension Clipboard {
    /// Put files on the clipboard, to paste as a copy: as a file list (GTK offers it as
    /// `text/uri-list`) and as `x-special/gnome-copied-files` ("copy" and the URIs), which file
    /// managers read to paste files.
    public static func set(files paths: [String], for widget: Widget) {
        guard !paths.isEmpty, let clipboard = gtk_widget_get_clipboard(widget.ref.pointer.widget) else { return }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [FileListContent.provider(paths)]
        let uris = paths.compactMap { fileURI(forPath: $0) }
        let text = Array((["copy"] + uris).joined(separator: "\n").utf8)
        let bytes = text.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        providers.append(gdk_content_provider_new_for_bytes("x-special/gnome-copied-files", bytes))
        g_bytes_unref(bytes)
        // The union takes the providers (transfer full); the clipboard takes a reference of its own.
        let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, gsize($0.count)) }
        _ = gdk_clipboard_set_content(clipboard, union)
        g_object_unref(union)
    }
}
