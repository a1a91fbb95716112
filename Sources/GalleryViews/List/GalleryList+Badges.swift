// Why this exists: what the bound rows show beyond their photo, kept in step with the list: the badge saying where each row's image came from (the inspector's), the photo's marks, and the images drawn again when the display's colours change.
import PhotoPipeline
import PhotoFetching

extension GalleryList {
    /// Show (or, with nil, hide) the badges of the rows bound now; rows bound later get theirs as they bind.
    package func showBadges(_ sources: [Int: ImageSource]?) {
        badgeSources = sources
        for (row, view) in bindings.boundRows { view.setBadge(view.record.flatMap { badge(for: row, showing: $0) }) }
    }

    /// A row's badge: where its image came from, only while it shows one.
    package func badge(for row: Int, showing record: PhotoRecord) -> ImageSource? {
        record.image == nil ? nil : badgeSources?[row]
    }

    /// The photos' marks were read again, or a RAW joined or left its JPEG: the bound rows show theirs.
    package func showMarks() {
        guard let gallery else { return }
        for (row, view) in bindings.boundRows { view.setMarks(gallery.marks(of: row), paired: gallery.companion(of: row) != nil) }
    }

    /// The display's colours changed: every bound row draws its image again.
    package func redrawImages() {
        for view in bindings.boundRows.values { view.redrawImage() }
    }
}
