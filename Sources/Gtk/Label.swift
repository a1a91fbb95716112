// Why this exists: GtkLabel, for names, statuses and messages.
import CGtk
import GLibRuntime

@MainActor
public final class Label: Widget {
    public init(_ text: String = "") { super.init(sinking: gtk_label_new(text)!) }
    /// A label whose underlined letter (`_Downloads`) with Alt moves the focus to `target`.
    public init(mnemonic text: String, for target: Widget) {
        super.init(sinking: gtk_label_new_with_mnemonic(text)!)
        gtk_label_set_mnemonic_widget(label, target.widget)
    }
    private var label: OpaquePointer { widget.opaque }

    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }
    public func setXAlign(_ x: Float) { gtk_label_set_xalign(label, x) }
    /// `text` as a link to `uri`, which GTK opens with the desktop's handler when it is clicked
    /// (a `geo:` address: the maps app).
    public func setLink(_ text: String, to uri: String) {
        gtk_label_set_markup(label, "<a href=\"\(Self.escaped(uri))\">\(Self.escaped(text))</a>")
    }

    /// `text` safe inside Pango markup.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
    public func setEllipsize(_ mode: Ellipsize) { gtk_label_set_ellipsize(label, mode.pango) }
    public func setWrap(_ wrap: Bool) { gtk_label_set_wrap(label, wrap ? 1 : 0) }
    public func setJustify(_ justify: Justification) { gtk_label_set_justify(label, justify.gtk) }
    public func setSelectable(_ selectable: Bool) { gtk_label_set_selectable(label, selectable ? 1 : 0) }
    public func setMaxWidthChars(_ chars: Int32) { gtk_label_set_max_width_chars(label, chars) }
}
