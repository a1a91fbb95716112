// Why this exists: GtkOverlay, GtkProgressBar and GtkToggleButton: the viewer's picture with its progress and failure on top, and the sepia switch.
import CGtk
import GLibRuntime

@MainActor
public final class Overlay: Widget {
    public init() { super.init(sinking: gtk_overlay_new()!) }
    public func setChild(_ child: Widget) { gtk_overlay_set_child(widget.opaque, child.widget) }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(widget.opaque, child.widget) }
}

@MainActor
public final class ProgressBar: Widget {
    public init() { super.init(sinking: gtk_progress_bar_new()!) }
    /// 0…1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(widget.opaque) }
        set { gtk_progress_bar_set_fraction(widget.opaque, newValue) }
    }
    /// Move the bar's block (the size is unknown). This puts the bar in activity mode, which
    /// animates on every frame (a tick callback that runs even while the bar is hidden) until
    /// `stopPulsing` or a `fraction` is set.
    public func pulse() { gtk_progress_bar_pulse(widget.opaque) }
    /// Leave activity mode (its tick callback ends), showing an empty bar.
    public func stopPulsing() { gtk_progress_bar_set_fraction(widget.opaque, 0) }
}

@MainActor
public final class ToggleButton: Widget {
    public init(iconName: String) {
        super.init(sinking: gtk_toggle_button_new()!)
        gtk_button_set_icon_name(widget.as(GtkButton.self), iconName)
    }
    public init(label: String) { super.init(sinking: gtk_toggle_button_new_with_label(label)!) }
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(widget.as(GtkToggleButton.self)) != 0 }
        set { gtk_toggle_button_set_active(widget.as(GtkToggleButton.self), newValue ? 1 : 0) }
    }
    public func onToggled(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "toggled", fn) }
}
