// Why this exists: GtkGestureDrag, so the viewer pans a zoomed photo with the pointer.
import CGtk
import GLibRuntime

@MainActor
public final class GestureDrag: EventController {
    public init() { super.init(adopting: gtk_gesture_drag_new()!) }

    /// `drag-begin` (x, y): where the drag started, in widget coordinates.
    public func onBegin(_ fn: @escaping @MainActor (Double, Double) -> Void) {
        Signal.connect(ref.pointer, "drag-begin") { fn($0.double(1), $0.double(2)); return false }
    }
    /// `drag-update` (dx, dy): the offset from where it started.
    public func onUpdate(_ fn: @escaping @MainActor (Double, Double) -> Void) {
        Signal.connect(ref.pointer, "drag-update") { fn($0.double(1), $0.double(2)); return false }
    }
    /// `drag-end` (dx, dy).
    public func onEnd(_ fn: @escaping @MainActor (Double, Double) -> Void) {
        Signal.connect(ref.pointer, "drag-end") { fn($0.double(1), $0.double(2)); return false }
    }
}
