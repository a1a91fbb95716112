// Why this exists: GtkEventControllerMotion, so the viewer knows where the pointer is (Ctrl+wheel zooms around it), and GtkEventControllerFocus, so the filter bar knows when its entry has the keyboard.
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

/// GtkEventControllerFocus: the keyboard focus entered a widget (or one inside it), or left it.
@MainActor
public final class EventControllerFocus: EventController {
    public init() { super.init(adopting: gtk_event_controller_focus_new()!) }

    public func onEnter(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "enter", fn) }
    public func onLeave(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "leave", fn) }
}
