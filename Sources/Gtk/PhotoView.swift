// Why this exists: the viewer's picture (CpPhotoView, a small GtkWidget subclass in C) as a Swift widget: it draws a texture at the zoom and centre it is given; the zoom itself is the app's.
import CGtk
import CPhotoView
import GLibRuntime

@MainActor
public final class PhotoView: Widget {
    private var view: OpaquePointer { OpaquePointer(ref.raw) }

    public init() { super.init(sinking: cp_photo_view_new()!) }

    /// Show `texture` as a `width` × `height` image (a thumbnail scaled up stands in for the photo).
    public func setTexture(_ texture: Texture?, width: Int, height: Int) {
        cp_photo_view_set_texture(view, texture.map { OpaquePointer($0.ref.raw) }, texture.map { OpaquePointer($0.pixbuf.ref.raw) },
                                  Int32(width), Int32(height))
    }

    /// Draw at `zoom` with image point (`centerX`, `centerY`) at the view's centre.
    public func setView(zoom: Double, centerX: Double, centerY: Double) {
        cp_photo_view_set_view(view, zoom, centerX, centerY)
    }

    /// Draw the picture turned `angle` degrees clockwise about the view's centre and scaled by
    /// `scale` (Rotate, shown); the next texture set ends it.
    public func setTurn(angle: Double, scale: Double) {
        cp_photo_view_set_turn(view, angle, scale)
    }

    /// GTK gave the view a size (it may be the same one).
    public func onResized(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "resized", fn) }
}
