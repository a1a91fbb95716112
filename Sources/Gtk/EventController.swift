// Why this exists: the base of event controllers (scroll, drop, click…): one owned reference, handed to a widget with a reference of its own.
import CGtk
import GLibRuntime

@MainActor
open class EventController {
    public let ref: ObjectRef

    /// Wrap a newly created controller (a `transfer full` constructor result).
    public init(adopting p: some GObjectPointer) { ref = ObjectRef(adopting: p) }

    /// Before (capture) or after (bubble) the widget's own handling.
    public enum Phase { case capture, bubble, target }
    public func setPropagationPhase(_ phase: Phase) {
        let gtk: GtkPropagationPhase
        switch phase {
        case .capture: gtk = GTK_PHASE_CAPTURE
        case .bubble: gtk = GTK_PHASE_BUBBLE
        case .target: gtk = GTK_PHASE_TARGET
        }
        gtk_event_controller_set_propagation_phase(ref.pointer.opaque, gtk)
    }
}

extension Widget {
    /// gtk_widget_add_controller takes ownership (`transfer full`) of the controller, so it is
    /// given a reference of its own; the wrapper keeps the one it owns.
    public func addController(_ controller: EventController) {
        gtk_widget_add_controller(widget, OpaquePointer(controller.ref.retainedForTransfer()))
    }
}

extension EventController {
    /// Whether Ctrl was held in the event being handled.
    public var controlHeld: Bool {
        let state = gtk_event_controller_get_current_event_state(ref.pointer.opaque)
        return state.rawValue & GDK_CONTROL_MASK.rawValue != 0
    }
}
