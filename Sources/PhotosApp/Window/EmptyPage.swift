// Why this exists: what the window shows when no gallery is open: an icon, a title, a line of text, Open Folder, Open Manifest and Open Location buttons, the galleries opened lately, and why the last one was not reopened if it never finished loading.
import AppLanguage
import PhotoFormats
import Foundation
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoFetching
import GalleryContents

@MainActor
final class EmptyPage {
    let container = Box(.vertical, spacing: 12)
    private let openButton = Button(label: tr("_Open Manifest…"))
    private let folderButton = Button(label: tr("Open _Folder…"))
    private let locationButton = Button(label: tr("Open _Location…"))
    private let note = Label()
    private let recentTitle = Label(tr("Recent Galleries"))
    private let recentList = Box(.vertical, spacing: 6)
    private var openRecent: (String) -> Void = { _ in }
    static let shownRecent = 5

    init() {
        container.setAlign(horizontal: .center, vertical: .center)
        container.setMargins(24)
        let icon = Image(iconName: "image-x-generic-symbolic", pixelSize: 96)
        icon.addCSSClass("dim-label")
        let title = Label(tr("No Gallery Open"))
        title.addCSSClass("title-1")
        let text = Label(tr("Open a folder of photos, here or on a network share, or a gallery manifest: a property list or JSON file of photo names and URLs."))
        text.setWrap(true)
        text.setJustify(.center)
        note.setWrap(true)
        note.setJustify(.center)
        note.setMaxWidthChars(60)
        note.visible = false
        let buttons = Box(.horizontal, spacing: 12)
        buttons.setAlign(horizontal: .center)
        folderButton.addCSSClass("suggested-action")
        folderButton.addCSSClass("pill")
        openButton.addCSSClass("pill")
        locationButton.addCSSClass("pill")
        buttons.append(folderButton)
        buttons.append(openButton)
        buttons.append(locationButton)
        recentTitle.addCSSClass("heading")
        recentTitle.setMargins(12)
        recentTitle.visible = false
        recentList.setAlign(horizontal: .center)
        container.append(icon)
        container.append(title)
        container.append(text)
        container.append(note)
        container.append(buttons)
        container.append(recentTitle)
        container.append(recentList)
    }

    func onOpen(_ fn: @escaping @MainActor () -> Void) { openButton.onClicked(fn) }
    func onOpenFolder(_ fn: @escaping @MainActor () -> Void) { folderButton.onClicked(fn) }
    func onOpenLocation(_ fn: @escaping @MainActor () -> Void) { locationButton.onClicked(fn) }
    func onOpenRecent(_ fn: @escaping (String) -> Void) { openRecent = fn }

    /// The galleries opened lately (URIs, most recent first), each a button that opens it.
    func showRecent(_ uris: [String]) {
        recentList.removeAll()
        for uri in uris.prefix(Self.shownRecent) {
            let url = URL(string: uri) ?? URL(fileURLWithPath: uri)
            // A remote gallery's name with its host: many galleries are called "gallery".
            let title = ManifestParser.title(for: url)
            let button = Button(label: url.isFileURL || url.host == nil ? title
                                : fill(tr("%s on %s"), DisplayText.isolate(title), DisplayText.clean(url.host ?? "")), useUnderline: false)
            button.tooltip = DisplayText.clean(url.isFileURL ? url.path : Redacted.url(uri))
            button.addCSSClass("flat")
            button.onClicked { [weak self] in self?.openRecent(uri) }
            recentList.append(button)
        }
        recentTitle.visible = !uris.isEmpty
    }

    /// The folder named `title` was opened and holds no photo this app can show.
    func showNoPhotos(in title: String) {
        note.text = fill(tr("No photos in “%s”."), DisplayText.isolate(title))
        note.visible = true
    }

    /// No note: a gallery opened since.
    func clearNote() { note.visible = false }

    /// The gallery named `title` was loading when the app stopped last time.
    func showInterrupted(_ title: String) {
        note.text = fill(tr("“%s” did not finish loading last time, so it was not opened again. Open it from Recent Galleries to try again."), DisplayText.isolate(title))
        note.visible = true
    }
}
