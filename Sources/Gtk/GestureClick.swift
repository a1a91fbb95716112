// Why this exists: GtkGestureClick, so a click on a list row opens its photo without the list view's single-click mode (which tracks the pointer over every row: hover states restyled each frame while the rows scroll under a still pointer), and the viewer takes the mouse's back and forward buttons.
import CGtk
import GLibRuntime

@MainActor
public final class GestureClick: EventController {
    /// The primary button.
    public init() {
        super.init(adopting: gtk_gesture_click_new()!)
    }

    /// Button `button` (GDK numbers them from 1; 0 takes every button: `currentButton` says which).
    public convenience init(button: UInt32) {
        self.init()
        gtk_gesture_single_set_button(OpaquePointer(ref.raw), button)
    }

    /// Whether Ctrl or Shift was held for the event being handled (a click that selects rather than opens).
    public var withSelectionModifier: Bool {
        let state = gtk_event_controller_get_current_event_state(OpaquePointer(ref.raw))
        return state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
    }

    /// The button of the press being handled (0 if none).
    public var currentButton: UInt32 { gtk_gesture_single_get_current_button(OpaquePointer(ref.raw)) }

    /// `released` (n_press, x, y): the button came up after `n_press` presses in a row.
    public func onReleased(_ fn: @escaping @MainActor (Int) -> Void) {
        Signal.connect(ref.pointer, "released") { fn($0.int(1)); return false }
    }

    /// `pressed` (n_press, x, y): the button went down, the `n_press`-th time in a row, at (x, y).
    public func onPressed(_ fn: @escaping @MainActor (Int, Double, Double) -> Void) {
        Signal.connect(ref.pointer, "pressed") { fn($0.int(1), $0.double(2), $0.double(3)); return false }
    }
}
