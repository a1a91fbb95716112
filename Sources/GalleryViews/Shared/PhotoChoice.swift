// Why this exists: which photo Save As, Copy, Open With and a drag act on: the viewer's photo as it shows it (sepia or the original), else the list row that has the keyboard focus (or is dragged); and which photos Move to Trash and Rotate act on: the viewer's, else the list's selection.
import Foundation
import PhotoPipeline

/// One photo to keep, and how.
@MainActor
package struct ChosenPhoto {
    package let gallery: PhotoGallery
    package let row: Int
    package let name: String
    package let url: URL
    /// As shown: the viewer's sepia button, the list's sepia rows.
    package let sepia: Bool
    /// The bytes the viewer holds, so nothing is fetched again.
    package let held: Data?

    package func source() -> PhotoSource { gallery.source(of: url) }

    /// One of the user's own photos on this computer (the README's Security section): only those
    /// are handed to other apps as files.
    package var isUsersOwnFile: Bool { gallery.manifest.isUsersOwnPhoto(url) }

    /// Whether the photo was decoded as an image (the viewer holds it, or its row shows it), so a
    /// file a gallery names is known to be a photo, not a script or a text.
    package var wasDecoded: Bool {
        if held != nil { return true }
        guard let state = gallery.records.existing(row)?.state else { return false }
        return state == .downloaded || state == .filtered
    }
}

@MainActor
package enum PhotoChoice {
    /// The viewer's photo, else the focused row's; nil when there is none (or it has no address).
    package static func current(viewer: PhotoViewer?, list: GalleryList?) -> ChosenPhoto? {
        if let viewer, let row = viewer.row {
            return make(viewer.gallery, row, sepia: viewer.sepia, held: viewer.image(for: row)?.details.encoded)
        }
        guard let list, let gallery = list.gallery,
              let row = list.bindings.boundRows.first(where: { $0.value.container.parentHasFocus })?.key else { return nil }
        return make(gallery, row, sepia: true, held: nil)
    }

    /// What Move to Trash and Rotate act on: the viewer's photo, else the list's selected rows
    /// (Ctrl+click, Shift+click, Ctrl+A, Shift with the arrows), else its focused row.
    package static func several(viewer: PhotoViewer?, list: GalleryList?) -> [ChosenPhoto] {
        if let viewer, viewer.row != nil { return current(viewer: viewer, list: nil).map { [$0] } ?? [] }
        guard let list, let gallery = list.gallery else { return [] }
        let selected = list.listView.selectedRows.compactMap { make(gallery, $0, sepia: true, held: nil) }
        if !selected.isEmpty { return selected }
        return current(viewer: nil, list: list).map { [$0] } ?? []
    }

    /// A row of `gallery`, shown in sepia or not (a row dragged out of the list).
    package static func row(_ row: Int, of gallery: PhotoGallery, sepia: Bool) -> ChosenPhoto? { make(gallery, row, sepia: sepia, held: nil) }

    private static func make(_ gallery: PhotoGallery, _ row: Int, sepia: Bool, held: Data?) -> ChosenPhoto? {
        guard gallery.records.indices.contains(row) else { return nil }
        let entry = gallery.records.entry(row)
        guard entry.problem == nil, let url = entry.url else { return nil }
        // A file on this computer is kept (saved, copied, dragged, opened) only from the user's
        // own gallery; another gallery's rows cannot name one (URLPolicy), and this holds even so.
        if url.isFileURL, !gallery.manifest.isUsersOwn { return nil }
        return ChosenPhoto(gallery: gallery, row: row, name: entry.name, url: url, sepia: sepia, held: held)
    }
}
