// Why this exists: Print (Ctrl+P): the photo as shown (sepia or the original), made at full size on the export queue as Copy makes it, handed to GTK's print dialog, fitted to one page turned the way the photo is (landscape for a wide photo); Print to File suggests a PDF named after the photo in the Documents folder.
import GalleryViews
import AppLanguage
import Foundation
import GLibDesktop
import Gtk
import PhotoPipeline
import PhotoTrace

@MainActor
struct PrintPhoto {
    let parent: ApplicationWindow
    let note: WindowNote

    func run(_ photo: ChosenPhoto) {
        let work = PhotoCopy(photo.source(), sepia: photo.sepia, settings: photo.gallery.settings, held: photo.held)
        KeepOperation.run(work, for: photo) { [parent, note] outcome in
            switch outcome {
            case .image(let image, _)?:
                let name = ExportNames.photoBase(for: photo.name) + (photo.sepia ? " (sepia)" : "")
                let file = (UserFolders.documents as NSString).appendingPathComponent(name + ".pdf")
                let operation = PrintOperation(jobName: photo.name, landscape: image.width > image.height, suggestedFile: file)
                operation.drawing(image.pixbuf)
                operation.run(parent: parent) { ending in
                    switch ending {
                    case .printed: photo.gallery.trace.emit(.printed(row: photo.row, sepia: photo.sepia, outcome: .printed, reason: nil))
                    case .cancelled: photo.gallery.trace.emit(.printed(row: photo.row, sepia: photo.sepia, outcome: .cancelled, reason: nil))
                    case .failed(let reason):
                        photo.gallery.trace.emit(.printed(row: photo.row, sepia: photo.sepia, outcome: .failed, reason: reason))
                        note.show(fill(tr("Could not print the photo: %s"), reason), failed: true)
                    }
                }
            case .failed(let reason)?:
                photo.gallery.trace.emit(.printed(row: photo.row, sepia: photo.sepia, outcome: .failed, reason: reason.description))
                note.show(fill(tr("Could not print the photo: %s"), reason.description), failed: true)
            default:
                break
            }
        }
    }
}
