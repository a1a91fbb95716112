// Why this exists: GtkEventControllerScroll: wheel, touchpad and kinetic scroll events, to tell when the user scrolls.
import CGtk

@MainActor
public final class EventControllerScroll {
    public let ref: ObjectRef

    /// Vertical scrolling, with kinetic (decelerate) reports for touchpads.
    public init() {
        let flags = GtkEventControllerScrollFlags(rawValue: GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        ref = ObjectRef(adopting: gtk_event_controller_scroll_new(flags)!)
        // See the event before the scrolled window does, without consuming it.
        gtk_event_controller_set_propagation_phase(ref.pointer.opaque, GTK_PHASE_CAPTURE)
    }

    /// `scroll` (dx, dy): return false so the scrolled window still scrolls.
    public func onScroll(_ fn: @escaping @MainActor (Double, Double) -> Void) {
        Signal.connectDoublesReturningBool(ref.pointer, "scroll") { dx, dy in fn(dx, dy); return false }
    }
    /// Touchpad gestures only; a wheel click never sends these under X11.
    public func onScrollBegin(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "scroll-begin", fn) }
    public func onScrollEnd(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "scroll-end", fn) }
    /// Kinetic scrolling after a touchpad swipe, with the initial velocity.
    public func onDecelerate(_ fn: @escaping @MainActor (Double, Double) -> Void) { Signal.connectDoubles(ref.pointer, "decelerate", fn) }
}
