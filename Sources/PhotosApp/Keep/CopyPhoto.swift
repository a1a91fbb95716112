// Why this exists: Copy (Ctrl+C): the photo as shown (sepia or the original), made at full size on the export queue, put on the clipboard as a texture that other apps paste as image/png.
import GalleryViews
import AppLanguage
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
struct CopyPhoto {
    /// The widget whose display's clipboard is used.
    let widget: Widget
    let note: WindowNote

    func run(_ photo: ChosenPhoto) {
        let work = PhotoCopy(photo.source(), sepia: photo.sepia, settings: photo.gallery.settings, held: photo.held)
        KeepOperation.run(work, for: photo) { [widget, note] outcome in
            switch outcome {
            case .image(let image, _)?:
                Clipboard.set(Texture(pixbuf: image.pixbuf), for: widget)
                photo.gallery.trace.emit(.copied(row: photo.row, width: image.width, height: image.height, sepia: photo.sepia))
                note.show(tr("Copied to the clipboard"))
            case .failed(let reason)?:
                note.show(fill(tr("Could not copy the photo: %s"), reason.description), failed: true)
            default:
                break
            }
        }
    }
}
