// Why this exists: GtkImage: icons (placeholders, failure images, empty-state icons) and the rows' thumbnail textures.
import CGtk

@MainActor
public final class Image: Widget {
    public init(iconName: String, pixelSize: Int32) {
        super.init(sinking: gtk_image_new_from_icon_name(iconName)!)
        gtk_image_set_pixel_size(widget.opaque, pixelSize)
    }

    /// An empty image of a fixed square size, for paintables (thumbnails): GtkImage scales a
    /// paintable to fit `pixelSize` keeping its aspect ratio, and never asks for more room.
    public init(pixelSize: Int32) {
        super.init(sinking: gtk_image_new()!)
        gtk_image_set_pixel_size(widget.opaque, pixelSize)
    }

    /// Show a named icon instead (placeholders in a thumbnail slot).
    public func showIcon(_ name: String) {
        gtk_image_set_from_icon_name(widget.opaque, name)
    }

    public func setPaintable(_ paintable: UnsafeMutableRawPointer?) {
        gtk_image_set_from_paintable(widget.opaque, paintable.map { OpaquePointer($0) })
    }
}
