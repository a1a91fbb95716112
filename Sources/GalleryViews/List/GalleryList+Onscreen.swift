// Why this exists: the list's side of the scroll scheduler (OnscreenList): which rows are on screen, a layout asked for, and a screen GTK 4.8 left blank below its rows at rest shown again.
import Gtk
import PhotoPipeline
import PhotoTrace

extension GalleryList {
    package func visibleRows() -> [Int] { VisibleRows.compute(bindings, in: scrolled) }
    package func requestLayout() { listView.queueDraw() }

    /// A list row's height in points: its thumbnail, the row box's padding (14 above and below:
    /// RowInsets) and its separator.
    package var rowHeight: Int { Int(thumbnailSize) + 28 + 1 }

    /// How many rows a list shows from its top in its window (`windowHeight`, less the header
    /// bar's 47 points) before it is laid out, or in its own height once it is; the row partly
    /// shown at the bottom counts (a bar shown above the list, a notice or an error, can take it
    /// off screen: its work is then cancelled at the first layout). None for a grid: its columns
    /// are known only once it is laid out.
    package func rowsExpected() -> Int {
        guard layout == .list else { return 0 }
        let height = scrolled.height > 0 ? Int(scrolled.height) : windowHeight - 47
        return height > 0 ? height / rowHeight + 1 : 0
    }

    /// GTK 4.8's list can come to rest after a fast wheel burst past its end showing only the
    /// edge of one row, the rest of the viewport blank, though rows follow it (the scroll tests
    /// caught it under load: the rest named row 1,993 of 2,000 alone). Asking it to scroll the
    /// next row into view makes it lay them out; anywhere else that row is on screen already
    /// and nothing moves.
    package func revealRowsBelow(_ visible: [Int]) {
        guard let gallery, let last = visible.last, last + 1 < gallery.count,
              let bottom = VisibleRows.bottom(of: visible, bindings, in: scrolled),
              bottom < Double(scrolled.height) * 0.9 else { return }
        trace.emit(.listGap(rows: [visible.first!, last]))
        listView.scrollTo(last + 1)
    }
}
