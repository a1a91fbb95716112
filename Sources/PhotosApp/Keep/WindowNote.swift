// Why this exists: a short note over the window's pages ("Copied", "Saved to …", a reason it was not, "Moved to the trash" with Undo), GTK's app-notification look, gone after a few seconds; screen readers hear it as the label's text.
import GLibRuntime
import Gtk

@MainActor
final class WindowNote {
    /// Holds the pages; the note floats above them at the top.
    let overlay = Overlay()
    private let box = Box(.horizontal, spacing: 12)
    private let label = Label()
    /// The note's one button (Undo), when it has one.
    private let button = Button(label: "")
    private var onButton: (@MainActor () -> Void)?
    private var timer = MainLoop.Timeout.none

    init(over pages: Widget) {
        overlay.setChild(pages)
        box.addCSSClass("app-notification")
        box.setAlign(horizontal: .center, vertical: .start)
        label.setWrap(true)
        label.setMaxWidthChars(60)
        box.append(label)
        button.visible = false
        button.onClicked { [weak self] in
            self?.box.visible = false
            self?.onButton?()
        }
        box.append(button)
        box.visible = false
        overlay.addOverlay(box)
    }

    /// Show `text` for a few seconds (longer for a failure, which has more to read, or with a
    /// `button`, a label with a mnemonic and what it does: long enough to reach it).
    func show(_ text: String, failed: Bool = false, button: (label: String, action: @MainActor () -> Void)? = nil) {
        label.text = text
        self.button.visible = button != nil
        if let button { self.button.label = button.label }
        onButton = button?.action
        box.visible = true
        MainLoop.cancel(timer)
        timer = MainLoop.after(milliseconds: failed || button != nil ? 8000 : 3000) { [weak self] in self?.box.visible = false }
    }
}
