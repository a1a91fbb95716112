// Why this exists: the base of every widget wrapper: one owned reference plus the GtkWidget calls all widgets share.
import CGtk
import GLibRuntime

@MainActor
open class Widget {
    public let ref: ObjectRef
    var widget: UnsafeMutablePointer<GtkWidget> { ref.pointer.widget }

    /// Wrap a newly created widget, sinking its floating reference.
    public init(sinking p: some GObjectPointer) { ref = ObjectRef(sinking: p) }
    /// Wrap a widget someone else owns (a list item's child, a dialog's content…).
    public init(retaining p: some GObjectPointer) { ref = ObjectRef(retaining: p) }

    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widget, name) }
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }
    public var sensitive: Bool {
        get { gtk_widget_get_sensitive(widget) != 0 }
        set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
    }

    public var visible: Bool {
        get { gtk_widget_get_visible(widget) != 0 }
        set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
    }

    /// The keyboard focus is on this widget's parent (a list row's item widget holds the focus for its child).
    public var parentHasFocus: Bool {
        guard let parent = gtk_widget_get_parent(widget) else { return false }
        return gtk_widget_has_focus(parent) != 0
    }

    public func setSizeRequest(width: Int32, height: Int32) { gtk_widget_set_size_request(widget, width, height) }

    public func setMargins(_ all: Int32) {
        gtk_widget_set_margin_top(widget, all); gtk_widget_set_margin_bottom(widget, all)
        gtk_widget_set_margin_start(widget, all); gtk_widget_set_margin_end(widget, all)
    }

    public func setExpand(horizontal: Bool? = nil, vertical: Bool? = nil) {
        if let horizontal { gtk_widget_set_hexpand(widget, horizontal ? 1 : 0) }
        if let vertical { gtk_widget_set_vexpand(widget, vertical ? 1 : 0) }
    }

    public func setAlign(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(widget, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(widget, vertical.gtk) }
    }

    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
        set { gtk_widget_set_tooltip_text(widget, newValue) }
    }

    /// A tooltip whose text is asked for only as it is about to show (`text` nil: none), never
    /// set ahead: setting a tooltip's text makes GTK ask the X server where the pointer is, a
    /// round trip on every row bound.
    public func tooltipOnDemand(_ text: @escaping @MainActor () -> String?) {
        gtk_widget_set_has_tooltip(widget, 1)
        Signal.connectQueryTooltip(ref.pointer) { _, _, _, tooltip in
            guard let tooltip, let text = text(), !text.isEmpty else { return false }
            gtk_tooltip_set_text(OpaquePointer(tooltip), text)
            return true
        }
    }

    /// The widget's scale factor (2 on a HiDPI display): thumbnails are decoded at size × scale.
    public var scaleFactor: Int32 { gtk_widget_get_scale_factor(widget) }

    /// The pointer's cursor over this widget, by its name ("grab", "grabbing"); nil: the default.
    public func setCursor(named name: String?) { gtk_widget_set_cursor_from_name(widget, name) }
    /// `map`: it came on screen (again).
    public func onMap(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "map", fn) }

    public var width: Int32 { gtk_widget_get_width(widget) }
    public var height: Int32 { gtk_widget_get_height(widget) }

    /// Accessible label and description (`GTK_ACCESSIBLE_PROPERTY_LABEL` / `…_DESCRIPTION`).
    public func setAccessible(label: String? = nil, description: String? = nil) {
        Accessible.update(widget, label: label, description: description)
    }
}
