// Why this exists: GtkImage from an icon name: placeholders, failure images and empty-state icons.
import CGtk

@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int32) {
        super.init(sinking: gtk_image_new_from_icon_name(iconName)!)
        gtk_image_set_pixel_size(widget.opaque, pixelSize)
    }
    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(widget.opaque, name) }
}
