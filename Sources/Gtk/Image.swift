// Why this exists: GtkImage, for icons (the empty page's); the rows draw their thumbnails with RowView.
import CGtk
import GLibRuntime

@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int32) {
        super.init(sinking: gtk_image_new_from_icon_name(iconName)!)
        gtk_image_set_pixel_size(widget.opaque, pixelSize)
    }
}
