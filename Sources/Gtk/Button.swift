// Why this exists: GtkButton and GtkMenuButton.
import CGtk
import GLibRuntime

@MainActor
public final class Button: Widget {
    /// `label` with a mnemonic (an underscore marks the Alt key), or, with `useUnderline` false,
    /// shown as it is (a gallery's name may hold underscores).
    public init(label: String, useUnderline: Bool = true) {
        super.init(sinking: (useUnderline ? gtk_button_new_with_mnemonic(label) : gtk_button_new_with_label(label))!)
    }
    public init(iconName: String) { super.init(sinking: gtk_button_new_from_icon_name(iconName)!) }
    /// Its text, with a mnemonic.
    public var label: String {
        get { gtk_button_get_label(UnsafeMutablePointer<GtkButton>(OpaquePointer(ref.raw))).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(UnsafeMutablePointer<GtkButton>(OpaquePointer(ref.raw)), newValue) }
    }
    /// Show the themed icon `name` instead of what it shows.
    public func setIconName(_ name: String) { gtk_button_set_icon_name(UnsafeMutablePointer<GtkButton>(OpaquePointer(ref.raw)), name) }

    public func onClicked(_ fn: @escaping Signal.Plain) { Signal.connect(ref.pointer, "clicked", fn) }
    /// Activate a named action (`app.open`, `win.reload`) when clicked.
    public func setActionName(_ name: String) { gtk_actionable_set_action_name(OpaquePointer(ref.raw), name) }
}

@MainActor
public final class MenuButton: Widget {
    /// `primary`: F10 opens it (the window's main menu; one per window).
    public init(iconName: String, menu: Menu, primary: Bool = true) {
        super.init(sinking: gtk_menu_button_new()!)
        gtk_menu_button_set_icon_name(widget.opaque, iconName)
        gtk_menu_button_set_menu_model(widget.opaque, UnsafeMutablePointer<GMenuModel>(menu.pointer))
        if primary { gtk_menu_button_set_primary(widget.opaque, 1) }
    }

    /// Another menu (the button keeps its own reference to it).
    public func setMenu(_ menu: Menu) {
        gtk_menu_button_set_menu_model(widget.opaque, UnsafeMutablePointer<GMenuModel>(menu.pointer))
    }

    public func setIconName(_ name: String) { gtk_menu_button_set_icon_name(widget.opaque, name) }
}
