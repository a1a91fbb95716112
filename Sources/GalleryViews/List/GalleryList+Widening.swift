// Why this exists: a list's every row replaced (a new order, a filter set or cleared) without GtkListView 4.8 making 200 row widgets in one frame: the model first holds a few dozen rows from the view's top row on, the rest joining a step at a time (the rows before it last, in one emission that makes no widget).
import GalleryContents
import Gtk

extension GalleryList {
    /// Every row replaced by `change`'s, the view's top row `anchor` kept (nil: a view at its
    /// top). GtkListView 4.8 makes a widget for each of up to 200 rows from its anchor in the
    /// frame after (a filter cleared on a 100,000-photo folder: a 48 to 68 ms stall, of which
    /// the widgets' making and first layout were the most), and makes them from the rows above
    /// the anchor when those below are fewer. So where the rows from the anchor on fill those
    /// widgets, the model holds only the first `joiningStep` of them, counted from the anchor
    /// (`RowCountModel.first`); the rest follow a step at a time at idle moments (`joinStep`),
    /// and the rows before the anchor last (`joinRowsBeforeAnchor`). A key, a scroll or any
    /// call that needs every row joins them all at once (`addHeldBackRows`). A grid, whose
    /// columns count from its first cell, takes every row at once.
    package func replaceAll(_ change: FolderChange, keeping anchor: Int?) {
        let position = anchor.flatMap { change.position(of: $0) }
        let from = position ?? 0
        guard layout == .list, change.count - from > Self.widgetsPastTop + Self.joiningStep else {
            return model.replace(count: change.count, keeping: anchor, at: position)
        }
        let shown = Self.joiningStep
        if let position {
            model.replace(count: shown, keeping: anchor, first: position)
        } else {
            model.replace(count: shown, keeping: anchor, at: nil)
        }
        heldBackRows = change.count - from - shown
        addingHeldBackRows = false
        startJoining()
    }

    /// The rows before a widened list's anchor join, in one emission before it: the rows on
    /// screen keep their widgets, and GTK makes widgets only for the two rows it keeps above
    /// its anchor. The view then goes back to the row that was at its top.
    package func joinRowsBeforeAnchor() {
        guard model.first > 0 else { return }
        let top = visibleRows().first
        model.joinFirst()
        if let top { listView.scrollTo(top) }
    }
}
