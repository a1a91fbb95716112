// Why this exists: the viewer's zoomable picture (CpPhotoView, a small GtkWidget subclass in C) as a Swift widget.
import CGtk
import CPhotoView
import GLibRuntime

@MainActor
public final class PhotoView: Widget {
    private var view: OpaquePointer { OpaquePointer(ref.raw) }

    public init() { super.init(sinking: cp_photo_view_new()!) }

    /// Show `texture` as a `width` × `height` image (a thumbnail scaled up stands in for the
    /// photo). `keepView`: keep zoom and position if the size is unchanged. `upscale`: best fit
    /// may go past 100 %.
    public func setTexture(_ texture: Texture?, width: Int, height: Int, keepView: Bool, upscale: Bool) {
        cp_photo_view_set_texture(view, texture.map { OpaquePointer($0.ref.raw) }, texture.map { OpaquePointer($0.pixbuf.ref.raw) },
                                  Int32(width), Int32(height), keepView ? 1 : 0, upscale ? 1 : 0)
    }

    public var zoom: Double { cp_photo_view_get_zoom(view) }
    public var isBestFit: Bool { cp_photo_view_get_best_fit(view) != 0 }

    public func zoom(to zoom: Double, animated: Bool = true) { cp_photo_view_zoom_to(view, zoom, -1, -1, animated ? 1 : 0) }
    public func zoom(by factor: Double, animated: Bool = true) { cp_photo_view_zoom_by(view, factor, animated ? 1 : 0) }
    public func fit(animated: Bool = true) { cp_photo_view_fit(view, animated ? 1 : 0) }
    public func pan(dx: Double, dy: Double) { cp_photo_view_pan_by(view, dx, dy) }

    /// The zoom or best fit changed (keys, wheel, pinch, double-click).
    public func onZoomChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "zoom-changed", fn) }
}
