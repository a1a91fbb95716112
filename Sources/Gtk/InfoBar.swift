// Why this exists: GtkInfoBar, the in-window message (with a Retry button) used instead of blocking dialogs.
import CGtk
import GLibRuntime

@MainActor
public final class InfoBar: Widget {
    private let message = Label()
    private var onResponse: (@MainActor (Int32) -> Void)?

    public init(type: MessageType) {
        super.init(sinking: gtk_info_bar_new()!)
        gtk_info_bar_set_message_type(widget.opaque, type.gtk)
        message.setWrap(true)
        message.setXAlign(0)
        message.setSelectable(true)
        message.setExpand(horizontal: true)
        gtk_info_bar_add_child(widget.opaque, message.widget)
        Signal.connectInt(ref.pointer, "response") { [weak self] response in self?.onResponse?(response) }
    }

    public var text: String {
        get { message.text }
        set { message.text = newValue }
    }

    /// Add a button that emits `response` with `id`.
    public func addButton(_ label: String, id: Int32) { _ = gtk_info_bar_add_button(widget.opaque, label, id) }
    public func onResponse(_ fn: @escaping @MainActor (Int32) -> Void) { onResponse = fn }
    public var revealed: Bool {
        get { gtk_info_bar_get_revealed(widget.opaque) != 0 }
        set { gtk_info_bar_set_revealed(widget.opaque, newValue ? 1 : 0) }
    }
}
