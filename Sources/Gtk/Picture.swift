// Why this exists: GtkPicture, which shows a row's thumbnail texture.
import CGtk

@MainActor
public final class Picture: Widget {
    public init() { super.init(sinking: gtk_picture_new()!) }
    private var picture: OpaquePointer { widget.opaque }

    /// Show a paintable (a GdkTexture), or nothing.
    public func setPaintable(_ paintable: UnsafeMutableRawPointer?) {
        gtk_picture_set_paintable(picture, paintable.map { OpaquePointer($0) })
    }
    public var paintable: UnsafeMutableRawPointer? { gtk_picture_get_paintable(picture).map { UnsafeMutableRawPointer($0) } }
    public func setCanShrink(_ value: Bool) { gtk_picture_set_can_shrink(picture, value ? 1 : 0) }
}
