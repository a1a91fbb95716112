// Why this exists: a short note over the window's pages ("Copied", "Saved to …", a reason it was not), GTK's app-notification look, gone after a few seconds; screen readers hear it as the label's text.
import GLibRuntime
import Gtk

@MainActor
final class WindowNote {
    /// Holds the pages; the note floats above them at the top.
    let overlay = Overlay()
    private let box = Box(.vertical)
    private let label = Label()
    private var timer = MainLoop.Timeout.none

    init(over pages: Widget) {
        overlay.setChild(pages)
        box.addCSSClass("app-notification")
        box.setAlign(horizontal: .center, vertical: .start)
        label.setWrap(true)
        label.setMaxWidthChars(60)
        box.append(label)
        box.visible = false
        overlay.addOverlay(box)
    }

    /// Show `text` for a few seconds (longer for a failure, which has more to read).
    func show(_ text: String, failed: Bool = false) {
        label.text = text
        box.visible = true
        MainLoop.cancel(timer)
        timer = MainLoop.after(milliseconds: failed ? 8000 : 3000) { [weak self] in self?.box.visible = false }
    }
}
