// Why this exists: Open With Another App offers the desktop's other apps for the photo (an app chooser that leaves Classic Photos out: it must never reopen the photo in itself), and opens the photo in the one chosen.
import GalleryViews
import AppLanguage
import PhotoFormats
import Foundation
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import GLibDesktop

@MainActor
enum OpenWithChooser {
    /// A small dialog listing the apps for `photo`'s type (by its name), recommended first.
    static func present(_ photo: ChosenPhoto, parent: ApplicationWindow, note: WindowNote) {
        let uri = photo.url.absoluteString
        let type = DesktopApps.contentType(forName: photo.url.lastPathComponent)
        let apps = DesktopApps.forType(type, excluding: AppInfo.appID + ".desktop")
        guard !apps.isEmpty else { return note.show(tr("No other app here opens this photo"), failed: true) }
        let dialog = Window()
        dialog.title = tr("Open With")
        dialog.makeDialog(of: parent)
        let box = Box(.vertical, spacing: 6)
        box.setMargins(18)
        let label = Label(fill(tr("Open “%s” with:"), DisplayText.isolate(photo.name)))
        label.setWrap(true)
        label.setMaxWidthChars(40)
        box.append(label)
        for app in apps {
            let button = Button(label: app.name, useUnderline: false)
            // Held by its buttons until it is destroyed (which frees them).
            button.onClicked { [dialog] in
                dialog.destroy()
                if let reason = DesktopApps.open(uri, with: app.id) { note.show(fill(tr("Could not open the photo: %s"), reason), failed: true) }
            }
            box.append(button)
        }
        let cancel = Button(label: tr("_Cancel"))
        cancel.onClicked { [dialog] in dialog.destroy() }
        box.append(cancel)
        dialog.setChild(box)
        dialog.present()
    }
}
