// Why this exists: a themed icon drawn once into a texture in one colour, so many rows can show the same placeholder as a single shared paintable instead of each looking up and recolouring an icon.
import CGtk
import GdkPixbuf
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
        let pixels = Int(iconSize * scale), side = Int(size * scale)
        guard let source = Pixbuf(file: String(cString: path), fittingWidth: pixels, height: pixels),
              let target = Pixbuf(width: side, height: side, hasAlpha: true) else { return nil }
        target.fill(0)

        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget.widget), &color)
        let red = UInt8((Double(color.red) * 255).rounded()), green = UInt8((Double(color.green) * 255).rounded())
        let blue = UInt8((Double(color.blue) * 255).rounded())
        let alphaScale = Double(color.alpha) * opacity

        let width = source.width, height = source.height
        let fromChannels = source.channels, fromStride = source.rowStride, hasAlpha = source.hasAlpha
        let toStride = target.rowStride
        let input = source.pixels, output = target.mutablePixels
        let left = (side - width) / 2, top = (side - height) / 2
        for y in 0..<min(height, side) {
            for x in 0..<min(width, side) {
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
