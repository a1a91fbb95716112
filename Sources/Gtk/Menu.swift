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

    /// A section (drawn with separators around it).
    public func appendSection(_ section: Menu) {
        g_menu_append_section(pointer, nil, UnsafeMutablePointer<GMenuModel>(section.pointer))
    }
}
