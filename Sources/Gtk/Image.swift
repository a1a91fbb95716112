// Why this exists: GtkImage: icons (placeholders, failure images, empty-state icons) and the rows' thumbnail textures.
import CGtk
import GLibRuntime

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

    /// Show a texture (gtk_image_set_from_paintable takes its own reference), or nothing.
    public func setTexture(_ texture: Texture?) {
        gtk_image_set_from_paintable(widget.opaque, texture?.ref.pointer.opaque)
    }
}
