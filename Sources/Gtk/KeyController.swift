// Why this exists: GtkEventControllerKey, for the viewer's keys (arrows, +, −, 0, 1, S, F9, F11, Escape), which change with the page shown.
import CGtk
import GLibRuntime

@MainActor
public final class KeyController: EventController {
    /// A key and its modifiers (GDK's names: `gdk_keyval_name`, "Left", "plus", "F11"…).
    public struct Press {
        public let keyval: UInt32
        public let modifiers: UInt32
        public var name: String { gdk_keyval_name(keyval).map { String(cString: $0) } ?? "" }
        public var control: Bool { modifiers & GDK_CONTROL_MASK.rawValue != 0 }
        public var alt: Bool { modifiers & GDK_ALT_MASK.rawValue != 0 }
        public var shift: Bool { modifiers & GDK_SHIFT_MASK.rawValue != 0 }
    }

    /// `capture`: see keys before the focused widget does (a list row or a button would take Enter or arrows).
    public init(capture: Bool = false) {
        super.init(adopting: gtk_event_controller_key_new()!)
        if capture { setPropagationPhase(.capture) }
    }

    public typealias Handler = @MainActor (Press) -> Bool

    /// `key-pressed`: return true when the key was handled.
    public func onKeyPressed(_ fn: @escaping Handler) {
        // (guint keyval, guint keycode, GdkModifierType state) -> gboolean
        Signal.connect(ref.pointer, "key-pressed") { fn(Press(keyval: $0.uint32(1), modifiers: $0.uint32(3))) }
    }
}
