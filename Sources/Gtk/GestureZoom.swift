// Why this exists: GtkGestureZoom, so the viewer zooms with a touchpad or touchscreen pinch, around the fingers.
import CGtk
import GLibRuntime

@MainActor
public final class GestureZoom: EventController {
    public init() { super.init(adopting: gtk_gesture_zoom_new()!) }

    /// The pinch began.
    public func onBegin(_ fn: @escaping Signal.Plain) {
        Signal.connect(ref.pointer, "begin") { _ in fn(); return false }
    }
    /// `scale-changed` (scale): the fingers' distance against where they began.
    public func onScaleChanged(_ fn: @escaping @MainActor (Double) -> Void) {
        Signal.connect(ref.pointer, "scale-changed") { fn($0.double(1)); return false }
    }
    /// The centre of the touch points, in widget coordinates (nil when there is none).
    public var center: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        guard gtk_gesture_get_bounding_box_center(OpaquePointer(ref.raw), &x, &y) != 0 else { return nil }
        return (x, y)
    }
}
