// Why this exists: GtkEventControllerScroll: wheel, touchpad and kinetic scroll events, to tell when the user scrolls.
import CGtk
import GLibRuntime

@MainActor
public final class EventControllerScroll: EventController {
    /// Vertical scrolling, with kinetic (decelerate) reports for touchpads. `capture`: see the
    /// event before the scrolled window does, without consuming it.
    public init(vertical: Bool = true, horizontal: Bool = false, kinetic: Bool = true, capture: Bool = true) {
        var flags: UInt32 = 0
        if vertical { flags |= GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue }
        if horizontal { flags |= GTK_EVENT_CONTROLLER_SCROLL_HORIZONTAL.rawValue }
        if kinetic { flags |= GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue }
        super.init(adopting: gtk_event_controller_scroll_new(GtkEventControllerScrollFlags(rawValue: flags))!)
        if capture { setPropagationPhase(.capture) }
    }

    /// `scroll` (dx, dy): return true to consume it (the scrolled window then does not scroll).
    public func onScroll(_ fn: @escaping @MainActor (Double, Double) -> Bool) {
        Signal.connectDoublesReturningBool(ref.pointer, "scroll", fn)
    }
    /// Touchpad gestures only; a wheel click never sends these under X11.
    public func onScrollBegin(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "scroll-begin", fn) }
    public func onScrollEnd(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "scroll-end", fn) }
    /// Kinetic scrolling after a touchpad swipe, with the initial velocity.
    public func onDecelerate(_ fn: @escaping @MainActor (Double, Double) -> Void) { Signal.connectDoubles(ref.pointer, "decelerate", fn) }
}
