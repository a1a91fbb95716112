// Why this exists: a new gallery's first screen shown and loaded sooner: GtkListView 4.8 makes and binds a row widget for up to 200 rows at a layout that finds them in its model, though a screen shows a handful (measured: the first frame 17 ms later for 200 rows than for 16, and as much again before the first screen's results are applied if the rest join right after it), so the model first holds a screen's rows and the rest join once those are done, a few dozen at a time while they make widgets, or at once if the user or the app needs them.
import GLibRuntime
import Gtk

extension GalleryList {
    /// How many rows the model holds at first: twice the rows a list is expected to show in its
    /// window (a window larger than expected still fills: its rest comes a frame later), or a
    /// grid's 7 columns of 16.
    package var firstScreenRows: Int { layout == .list ? max(16, 2 * rowsExpected()) : 112 }

    /// The longest the rest is held back.
    package static let heldBackMilliseconds: UInt32 = 300

    /// A new gallery of `count` rows: the model holds its first screen's rows; the rest are held
    /// back until the rows on screen are done (`addHeldBackRowsOnceSettled`), a key or a scroll
    /// reaches the list, a row held back is needed, or `heldBackMilliseconds` have passed.
    package func showFirstScreen(of count: Int) {
        let first = min(count, firstScreenRows)
        heldBackRows = count - first
        addingHeldBackRows = false
        model.replace(count: first)
        if heldBackRows > 0 { MainLoop.after(milliseconds: Self.heldBackMilliseconds) { [weak self] in self?.startJoining() } }
    }

    /// The rows past the top one on screen that GtkListView 4.8 keeps a widget for (200, and
    /// two more).
    static let widgetsPastTop = 202
    /// How many rows join at a time while each one joining makes a widget (about 0.1 ms each,
    /// with its bind).
    package static let joiningStep = 40

    /// The rows held back join from the main loop's next idle moment on, a step at a time (see
    /// `joinStep`); once, whatever asks meanwhile.
    package func startJoining() {
        guard heldBackRows > 0, !addingHeldBackRows else { return }
        addingHeldBackRows = true
        MainLoop.whenIdle { [weak self] in self?.joinStep() }
    }

    /// One step: while the rows joining fall among those a list keeps widgets for, a step of
    /// them, and the next step at the next idle moment, after the frame this one made; then the
    /// rest at once (rows past the widgets cost the view nothing). A grid, whose cells' widgets
    /// are fewer, takes them all at once.
    /// The rows before the anchor of a list being widened (`replaceAll`) join last, with the rest.
    private func joinStep() {
        guard addingHeldBackRows, heldBackRows > 0 || model.first > 0 else { return addingHeldBackRows = false }
        let top = visibleRows().first ?? model.first
        let widgetsNeeded = top - model.first + Self.widgetsPastTop - model.count
        guard layout == .list, widgetsNeeded > 0, heldBackRows > 0 else { return addHeldBackRows() }
        let step = min(heldBackRows, Self.joiningStep)
        heldBackRows -= step
        model.append(step)
        joinSteps += 1
        guard heldBackRows > 0 || model.first > 0 else {
            addingHeldBackRows = false
            return joined()
        }
        MainLoop.whenIdle { [weak self] in self?.joinStep() }
    }

    /// Every row held back has joined: said in the trace, with the steps it took.
    private func joined() {
        trace.emit(.rowsJoined(rows: model.count, steps: joinSteps))
        joinSteps = 0
    }

    /// The keys and scrolling that bring the rest in before they act (End goes to the last
    /// row, not the last of the first screen). Once, as the list is made.
    package func addHeldBackRowsOnInput() {
        let keys = KeyController(capture: true)
        keys.onKeyPressed { [weak self] _ in
            self?.addHeldBackRows()
            return false
        }
        scrolled.addController(keys)
        scrolled.vadjustment.onValueChanged { [weak self] in self?.addHeldBackRows() }
    }

    /// A row changed, or a frame was painted: once every row on screen is done (filtered or
    /// failed), the rest join from the main loop's next idle moment on (`startJoining`).
    package func addHeldBackRowsOnceSettled() {
        guard heldBackRows > 0, !addingHeldBackRows, let gallery else { return }
        let visible = visibleRows()
        guard !visible.isEmpty, gallery.unsettled(visible).isEmpty else { return }
        startJoining()
    }

    /// The rows held back join the model now, those before a widened list's anchor too (before
    /// a folder's change, which counts on the model holding them all, or a view scrolled to a
    /// row; a manifest's rows read meanwhile join those held back).
    package func addHeldBackRows() {
        addingHeldBackRows = false
        guard heldBackRows > 0 || model.first > 0 else { return }
        let rows = heldBackRows
        heldBackRows = 0
        model.append(rows)
        joinRowsBeforeAnchor()
        joinSteps += 1
        joined()
    }
}
