// Why this exists: GMenu, the model behind the primary menu.
import CGtk
import GLibRuntime

@MainActor
public final class Menu {
    public let ref: ObjectRef
    var pointer: OpaquePointer { ref.pointer.opaque }

    public init() { ref = ObjectRef(adopting: g_menu_new()!) }

    /// An item that activates `action` (`app.open`, `win.reload`…).
    public func append(_ label: String, action: String) { g_menu_append(pointer, label, action) }

    /// An item that is not shown while its action is disabled (an action the desktop cannot serve).
    public func append(_ label: String, action: String, hiddenWhenDisabled: Bool) {
        let item = g_menu_item_new(label, action)!
        if hiddenWhenDisabled { g_menu_item_set_attribute_value(item, "hidden-when", g_variant_new_string("action-disabled")) }
        g_menu_append_item(pointer, item)
        g_object_unref(item.raw)
    }

    /// A radio item: it activates `action` with the string `target`, and shows as chosen while
    /// the action's state is `target`.
    public func append(_ label: String, action: String, target: String) {
        let item = g_menu_item_new(label, nil)!
        g_menu_item_set_action_and_target_value(item, action, g_variant_new_string(target))
        g_menu_append_item(pointer, item)
        g_object_unref(item.raw)
    }

    /// A submenu under `label`.
    public func appendSubmenu(_ label: String, _ submenu: Menu) {
        g_menu_append_submenu(pointer, label, UnsafeMutablePointer<GMenuModel>(submenu.pointer))
    }

    /// A section (drawn with separators around it).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(pointer, nil, UnsafeMutablePointer<GMenuModel>(section.pointer))
    }
}
