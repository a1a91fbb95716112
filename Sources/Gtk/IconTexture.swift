// Why this exists: a themed icon drawn once into a texture in one colour, so many rows can show the same placeholder as a single shared paintable instead of each looking up and recolouring an icon.
import CGtk
import GLibRuntime

extension Texture {
    /// `name` from the widget's icon theme, `iconSize` px (× `scale`) centred on a transparent
    /// square of `size` px (× `scale`), every pixel painted in the widget's foreground colour
    /// at `opacity` times the icon's own alpha (how GTK shows a symbolic icon). Nil if the
    /// theme has no such icon or it cannot be read.
    public static func icon(_ name: String, iconSize: Int32, size: Int32, scale: Int32,
                            opacity: Double, for widget: Widget) -> Texture? {
        let theme = gtk_icon_theme_get_for_display(gtk_widget_get_display(widget.widget))
        guard let paintable = gtk_icon_theme_lookup_icon(theme, name, nil, iconSize, scale, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0))
        else { return nil }
        let icon = ObjectRef(adopting: paintable)
        guard let file = gtk_icon_paintable_get_file(icon.pointer.opaque) else { return nil }
        let fileRef = ObjectRef(adopting: file)
        guard let path = g_file_get_path(OpaquePointer(fileRef.pointer.raw)) else { return nil }
        defer { g_free(path) }
        let pixels = iconSize * scale, side = size * scale
        guard let loaded = gdk_pixbuf_new_from_file_at_size(path, pixels, pixels, nil) else { return nil }
        let source = ObjectRef(adopting: loaded)
        guard let canvas = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, side, side) else { return nil }
        let target = ObjectRef(adopting: canvas)
        gdk_pixbuf_fill(canvas, 0)

        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget.widget), &color)
        let red = UInt8((Double(color.red) * 255).rounded()), green = UInt8((Double(color.green) * 255).rounded())
        let blue = UInt8((Double(color.blue) * 255).rounded())
        let alphaScale = Double(color.alpha) * opacity

        let from = source.pointer.opaque
        let width = gdk_pixbuf_get_width(from), height = gdk_pixbuf_get_height(from)
        let fromChannels = Int(gdk_pixbuf_get_n_channels(from)), fromStride = Int(gdk_pixbuf_get_rowstride(from))
        let hasAlpha = gdk_pixbuf_get_has_alpha(from) != 0
        let toStride = Int(gdk_pixbuf_get_rowstride(canvas))
        let input = gdk_pixbuf_read_pixels(from)!, output = gdk_pixbuf_get_pixels(canvas)!
        let left = Int((side - width) / 2), top = Int((side - height) / 2)
        for y in 0..<Int(min(height, side)) {
            for x in 0..<Int(min(width, side)) {
                let p = input + y * fromStride + x * fromChannels
                let alpha = hasAlpha ? Double(p[fromChannels - 1]) : 255
                let q = output + (top + y) * toStride + (left + x) * 4
                q[0] = red; q[1] = green; q[2] = blue
                q[3] = UInt8((alpha * alphaScale).rounded())
            }
        }
        return Texture(pixbuf: target)
    }
}
