// Why this exists: dragging the viewer's photo (or a row, or several selected rows) out of the window: a local photo shown as it is offers its own file; a sepia photo (or one from the network) offers its image and, for targets that want a file, a PNG written to the app's private folder, removed at quit.
import Foundation
import Gtk
import PhotoPipeline

/// One per process, held by the app's services.
@MainActor
package final class DragOut {
    /// Made at the first drag that needs a file.
    private var folder: PrivateFolder?

    package init() {}

    /// What a drag of `photo`, shown as `texture`, offers.
    package func content(_ photo: ChosenPhoto, shown texture: Texture) -> DragContent {
        let icon = Self.icon(texture)
        if !photo.sepia, photo.isUsersOwnFile {
            return DragContent(filePath: photo.url.path, texture: texture, icon: icon)
        }
        if folder == nil { folder = PrivateFolder(prefix: "classic-photos-drag") }
        let name = ExportNames.suggested(for: photo.name, sepia: photo.sepia, format: .png)
        let file = (try? texture.pixbuf.encoded(as: "png")).flatMap { folder?.write($0, named: name) }
        return DragContent(filePath: file, texture: texture, icon: icon)
    }

    /// What a drag of several selected rows offers: a file list, each row as `content` makes it
    /// from the image it shows (a local photo shown as it is, its own file; else a PNG of that
    /// image). A row that shows nothing yet, and is not such a photo, is left out.
    package func content(_ photos: [ChosenPhoto], dragged texture: Texture) -> DragContent? {
        var paths: [String] = []
        for photo in photos {
            guard let shown = photo.gallery.shownImage(photo.row) else {
                if photo.isUsersOwnFile, photo.wasDecoded { paths.append(photo.url.path) }
                continue
            }
            let row = ChosenPhoto(gallery: photo.gallery, row: photo.row, name: photo.name, url: photo.url, sepia: shown.sepia, held: nil)
            if let path = content(row, shown: Texture(pixbuf: shown.image.pixbuf)).filePath { paths.append(path) }
        }
        guard !paths.isEmpty else { return nil }
        return DragContent(filePaths: paths, icon: Self.icon(texture))
    }

    /// A small picture of the photo under the pointer (at most 160 pixels a side).
    private static func icon(_ texture: Texture) -> Texture? {
        let pixbuf = texture.pixbuf
        let scale = min(1, 160 / Double(max(pixbuf.width, pixbuf.height)))
        guard let small = pixbuf.scaled(width: max(1, Int(Double(pixbuf.width) * scale)), height: max(1, Int(Double(pixbuf.height) * scale))) else { return nil }
        return Texture(pixbuf: small)
    }

    /// At quit: the files made for drags go.
    package func removeFiles() {
        folder?.remove()
        folder = nil
    }
}
