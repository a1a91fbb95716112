// Why this exists: what the window shows while a manifest loads and no gallery is on screen yet: the gallery's name and a spinner (not the empty page).
import AppLanguage
import GLibRuntime
import Gtk

@MainActor
final class LoadingPage {
    let container = Box(.vertical, spacing: 12)
    private let spinner = Spinner()
    private let title = Label()
    private let detail = Label(tr("Loading the gallery…"))

    init() {
        container.setAlign(horizontal: .center, vertical: .center)
        container.setMargins(24)
        spinner.setSizeRequest(width: 32, height: 32)
        spinner.setAlign(horizontal: .center)
        title.addCSSClass("title-2")
        title.setEllipsize(.middle)
        title.setMaxWidthChars(40)
        detail.addCSSClass("dim-label")
        container.append(spinner)
        container.append(title)
        container.append(detail)
    }

    /// Show `name` with a turning spinner.
    func start(name: String) {
        title.text = name
        spinner.spinning = true
    }

    /// Stop the spinner (it would otherwise keep the window repainting).
    func stop() { spinner.spinning = false }
    var isSpinning: Bool { spinner.spinning }
}
