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

extension EventController {
    /// Whether Ctrl was held in the event being handled.
    public var controlHeld: Bool {
        let state = gtk_event_controller_get_current_event_state(ref.pointer.opaque)
        return state.rawValue & GDK_CONTROL_MASK.rawValue != 0
    }
}

extension Widget {
    /// The pointer's cursor over this widget, by its name ("grab", "grabbing"); nil: the default.
    public func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(widget, name) }

    /// The frame clock's time of the frame being drawn (µs, monotonic); nil before the widget is realized.
    public var frameTime: Int64? {
        guard let clock = gtk_widget_get_frame_clock(widget) else { return nil }
        return Int64(gdk_frame_clock_get_frame_time(clock))
    }
}
