// Why this exists: a new gallery's first frame made sooner: GtkListView 4.8 makes and binds a row widget for up to 200 rows at its first layout, though a screen shows a handful (17 ms more for 200 rows than for 16 before the first frame, measured), so the model first holds a screen's rows and the rest join it once that frame is painted.
import GLibRuntime
import Gtk

extension GalleryList {
    /// How many rows the model holds before the first frame: twice the rows a list is expected
    /// to show in its window (a window larger than expected still fills: its rest comes a frame
    /// later), or a grid's 7 columns of 16.
    var firstScreenRows: Int { layout == .list ? max(16, 2 * rowsExpected()) : 112 }

    /// A new gallery of `count` rows: the model holds its first screen's rows; the rest are held
    /// back until a frame has been painted (or 200 ms have passed, or a row held back is needed).
    func showFirstScreen(of count: Int) {
        let first = min(count, firstScreenRows)
        heldBackRows = count - first
        addingHeldBackRows = false
        model.replace(count: first)
        // A list that is not painted (the viewer opened over it at once) has them all soon anyway.
        if heldBackRows > 0 { MainLoop.after(milliseconds: 200) { [weak self] in self?.addHeldBackRows() } }
    }

    /// After a paint: the rows held back are added at the main loop's next idle moment (results
    /// waiting on the main loop are applied before them, and the frame that lays them out is the next).
    func addHeldBackRowsSoon() {
        guard heldBackRows > 0, !addingHeldBackRows else { return }
        addingHeldBackRows = true
        MainLoop.whenIdle { [weak self] in self?.addHeldBackRows() }
    }

    /// The rows held back join the model now (before a folder's change, which counts on the
    /// model holding them all; a manifest's rows read meanwhile join those held back).
    func addHeldBackRows() {
        addingHeldBackRows = false
        guard heldBackRows > 0 else { return }
        let rows = heldBackRows
        heldBackRows = 0
        model.append(rows)
    }
}
