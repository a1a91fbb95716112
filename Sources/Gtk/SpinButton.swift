// Why this exists: GtkSpinButton and GtkSwitch, the inspector's controls (a queue's width, the row badges).
import CGtk
import GLibRuntime

@MainActor
public final class SpinButton: Widget {
    private var spin: OpaquePointer { widget.opaque }

    public init(min: Double, max: Double, step: Double = 1) {
        super.init(sinking: gtk_spin_button_new_with_range(min, max, step)!)
    }
    public var value: Double {
        get { gtk_spin_button_get_value(spin) }
        set { gtk_spin_button_set_value(spin, newValue) }
    }
    public func onValueChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "value-changed", fn) }
}

@MainActor
public final class Switch: Widget {
    public init() { super.init(sinking: gtk_switch_new()!) }
    public var isActive: Bool {
        get { gtk_switch_get_active(widget.opaque) != 0 }
        set { gtk_switch_set_active(widget.opaque, newValue ? 1 : 0) }
    }
    public func onToggled(_ fn: @escaping Signal.Plain) {
        Signal.connectPointer(ref.pointer, "notify::active") { _ in fn() }
    }
}
