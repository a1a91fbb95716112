// Why this exists: GtkAdjustment: a scrolled window's position (value) and when it or its range changes.
import CGtk

@MainActor
public struct Adjustment {
    public let pointer: UnsafeMutablePointer<GtkAdjustment>
    public init(_ pointer: UnsafeMutablePointer<GtkAdjustment>) { self.pointer = pointer }

    public var value: Double {
        get { gtk_adjustment_get_value(pointer) }
        nonmutating set { gtk_adjustment_set_value(pointer, newValue) }
    }

    /// The position moved (wheel, scrollbar drag, keyboard paging, kinetic scrolling…).
    public func onValueChanged(_ fn: @escaping Signal.Plain) { Signal.connect(pointer, "value-changed", fn) }
    /// The range or page size changed (the window was resized, rows were added).
    public func onChanged(_ fn: @escaping Signal.Plain) { Signal.connect(pointer, "changed", fn) }
}
