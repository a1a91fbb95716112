// Why this exists: a thumbnail size change in the list or the grid: every row's slot resized at once, and the photo that was at the top brought back to the top once laid out at the new size.
import Gtk

extension GalleryList {
    /// The rows' thumbnails are `size` points from now on: every row widget's slot resizes (what
    /// it shows is scaled until the gallery brings the image at the new size). GtkListView keeps
    /// the same row at the top.
    package func setThumbnailSize(_ size: Int32) {
        guard size != thumbnailSize else { return }
        // The photo at the top, and how much of it was scrolled past, to put back once laid out
        // (a step before the last was laid out keeps the photo it found).
        if keepAtTop == nil, let top = visibleRows().first, let box = bindings.boundRows[top]?.container.bounds(in: scrolled), box.height > 0 {
            keepAtTop = (top, box.y, box.height, 3)
        }
        thumbnailSize = size
        placeholders = RowPlaceholders(size: size, scale: max(1, listView.scaleFactor), for: listView)
        for row in rows.compactMap(\.value) { row.setThumbnailSize(size, placeholders: placeholders) }
    }

    /// Once laid out at the new size: scroll so the same photo is at the top again. Only a row
    /// on screen has its current geometry (one scrolled away keeps its old one), so a row off
    /// screen is scrolled into view first and aligned at the next layout.
    package func restoreTop() {
        guard let (row, y, height, tries) = keepAtTop else { return }
        guard tries > 0, row < model.first + model.count else { keepAtTop = nil; return }
        guard let view = bindings.boundRows[row], view.container.isMapped,
              let box = view.container.bounds(in: scrolled), box.height > 0 else {
            keepAtTop = (row, y, height, tries - 1)
            listView.scrollTo(row)
            return
        }
        keepAtTop = nil
        // A row whole at the top keeps its place (its padding above it); one partly scrolled
        // past keeps the same share of it above the top.
        let target = y >= 0 ? y : y / height * box.height
        let offset = box.y - target
        if abs(offset) >= 1 { scrolled.vadjustment.value += offset }
    }
}
