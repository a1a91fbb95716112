// Why this exists: the gallery seen as a list of rows or a grid of cells: the view and its factory made again over the same model and bindings, the photo at the top kept there, and every row's work released first so the scheduler sees the new view's own.
import Foundation
import Gtk
import PhotoPipeline
import PhotoTrace

extension GalleryLayout {
    /// The thumbnail size each starts at (and Ctrl+0 returns to): a grid's cells are larger.
    package var standardSize: Int32 { self == .list ? ThumbnailSizes.standard : 128 }
}

extension GalleryList {
    /// Lay the gallery out as `layout`, its thumbnails `size` points. The rows bound now are
    /// unbound (their demand released) before the old view goes; the new one binds its own as
    /// GTK lays it out, and the photo that was at the top is brought back to the top.
    /// After the width or the cells' size changed (not every frame): the grid allowed no more
    /// columns than fit, then its columns counted and traced when they change (tests and the
    /// inspector read the grid's shape). GtkGridView 4.8 keeps a widget for every item within
    /// 31 rows of `max-columns` items either side of what shows: with 64 allowed, a 2,000-photo
    /// gallery had a widget per photo, each measured and allocated every frame.
    package func fitColumns() {
        guard layout == .grid, let grid = listView as? GridView else { return columnsCounted = nil }
        let shape = (Int(scrolled.width), Int(thumbnailSize))
        guard shape.0 > 0, columnsCounted.map({ $0 != shape }) ?? true else { return }
        // A cell is its slot and its padding (RowInsets): allowed as many as slots and 12 points
        // each would fit, never fewer.
        let fit = max(1, shape.0 / (shape.1 + 12))
        if fit != maxColumns {
            maxColumns = fit
            grid.setMaxColumns(fit)
            return // counted once laid out with it
        }
        let columns = VisibleRows.columns(bindings, in: scrolled)
        guard columns > 0 else { return }
        columnsCounted = shape
        guard columns != shownColumns else { return }
        shownColumns = columns
        trace.emit(.gridColumns(count: columns))
    }

    package func setLayout(_ layout: GalleryLayout, thumbnailSize size: Int32) {
        guard layout != self.layout else { return setThumbnailSize(size) }
        let top = visibleRows().first
        // A grid counts its columns from the model's first row: every row joins first.
        addHeldBackRows()
        for row in Array(bindings.boundRows.values) { unbind(row) }
        rows.removeAll()
        self.layout = layout
        thumbnailSize = size
        placeholders = RowPlaceholders(size: size, scale: max(1, listView.scaleFactor), for: listView)
        factory = ListItemFactory()
        listView = Self.view(layout, model: model, factory: factory)
        connectView()
        scrolled.setChild(listView)
        if let top, top > 0 { keepAtTop = (top, 0, 1, 3) }
        listView.grabFocus()
    }
}
