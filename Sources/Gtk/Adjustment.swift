// Why this exists: GtkAdjustment: a scrolled window's position (value) and when it or its range changes.
import CGtk
import GLibRuntime

/// Holds a reference of its own, so a timer that outlives the window still touches a live object.
@MainActor
public final class Adjustment {
    public let ref: ObjectRef
    private var pointer: UnsafeMutablePointer<GtkAdjustment> { ref.pointer.as(GtkAdjustment.self) }

    /// `pointer` is owned by someone else (a scrolled window): the wrapper adds its own reference.
    init(retaining pointer: UnsafeMutablePointer<GtkAdjustment>) { ref = ObjectRef(retaining: pointer) }

    public var value: Double {
        get { gtk_adjustment_get_value(pointer) }
        set { gtk_adjustment_set_value(pointer, newValue) }
    }
    public var upper: Double { gtk_adjustment_get_upper(pointer) }
    public var pageSize: Double { gtk_adjustment_get_page_size(pointer) }

    /// The position moved (wheel, scrollbar drag, keyboard paging, kinetic scrolling…).
    public func onValueChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "value-changed", fn) }
    /// The range or page size changed (the window was resized, rows were added).
    public func onChanged(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "changed", fn) }
}
