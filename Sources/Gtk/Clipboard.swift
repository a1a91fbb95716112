// Why this exists: the display's clipboard: Copy puts an image there (GdkClipboard with a texture), which GTK offers to other apps as image/png and the other formats its texture serializers write.
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
