// Why this exists: what the window shows when no gallery is open: an icon, a title, a line of text and an Open button.
import GLibRuntime
import Gtk

@MainActor
final class EmptyPage {
    let container = Box(.vertical, spacing: 12)
    private let openButton = Button(label: tr("_Open Manifest…"))

    init() {
        container.setAlign(horizontal: .center, vertical: .center)
        container.setMargins(24)
        let icon = Image(iconName: "image-x-generic-symbolic", pixelSize: 96)
        icon.addCSSClass("dim-label")
        let title = Label(tr("No Gallery Open"))
        title.addCSSClass("title-1")
        let text = Label(tr("Open a gallery manifest: a property list or JSON file of photo names and URLs."))
        text.setWrap(true)
        text.setJustify(.center)
        openButton.setAlign(horizontal: .center)
        openButton.addCSSClass("suggested-action")
        openButton.addCSSClass("pill")
        container.append(icon)
        container.append(title)
        container.append(text)
        container.append(openButton)
    }

    func onOpen(_ fn: @escaping @MainActor () -> Void) { openButton.onClicked(fn) }
}
