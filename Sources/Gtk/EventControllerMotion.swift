// Why this exists: GtkEventControllerMotion, so the viewer knows where the pointer is (Ctrl+wheel zooms around it).
import CGtk
import GLibRuntime

@MainActor
public final class EventControllerMotion: EventController {
    public init() { super.init(adopting: gtk_event_controller_motion_new()!) }

    /// The pointer entered or moved, to (x, y) in widget coordinates.
    public func onMoved(_ fn: @escaping @MainActor (Double, Double) -> Void) {
        for name in ["enter", "motion"] {
            Signal.connect(ref.pointer, name) { fn($0.double(1), $0.double(2)); return false }
        }
    }
    public func onLeft(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "leave", fn) }
}
