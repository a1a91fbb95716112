// Why this exists: the list of rows: a GtkListView (or a GtkGridView of cells) whose recycled row widgets are bound to records, and updated only while they show them; it tells its listeners when rows are bound, change, start work or are laid out.
import GLibRuntime
import Gtk
import PhotoPipeline
import PhotoFetching
import GalleryContents
import PhotoTrace

@MainActor
package final class GalleryList: OnscreenList {
    package static let rowKey = "classic-photos-row"

    package let model = RowCountModel()
    /// The view's factory and the view itself: a GtkListView of rows, or a GtkGridView of cells
    /// (`layout`), made again when the layout changes; the model, the bindings and the scrolled
    /// window stay.
    package var factory = ListItemFactory()
    package var listView: ListBase
    package var layout: GalleryLayout
    package let scrolled = ScrolledWindow()

    package private(set) var gallery: PhotoGallery?
    /// Which recycled row widget shows which record: the only way back from a record to "its" widget.
    package let bindings = RowBindings<PhotoRow>()
    /// A row was bound (the scheduler decides whether it starts work; `--naive` loads it).
    package let rowBound = Listeners<Int>()
    /// A row's record changed and its widget, if any, was updated (the scheduler, the viewer).
    package let rowChanged = Listeners<Int>()
    /// One of a row's operations started running (the scheduler).
    package let operationStarted = Listeners<Int>()
    /// The list was laid out and painted (the scheduler reads what is on screen then).
    package let layoutDone = Listeners<Void>()
    /// The list's size or length changed.
    package let resized = Listeners<Void>()
    /// A row was clicked or activated with Enter: open its photo (the viewer's navigation).
    package let activated = Listeners<Int>()
    /// Where each row's image came from, while the inspector's badges are on (nil: no badges).
    package var badgeSources: [Int: ImageSource]?

    /// The rows' thumbnail size (points; see ThumbnailSizes).
    package var thumbnailSize: Int32
    /// The waiting and failed pictures every row shares, made for the thumbnail size and the display's scale.
    package lazy var placeholders = RowPlaceholders(size: thumbnailSize, scale: max(1, listView.scaleFactor), for: listView)
    /// Every row widget made (GTK recycles a few hundred at most), to resize them all.
    package var rows: [Weak<PhotoRow>] = []
    /// Times the binds for the frame probe (benchmarks), when it runs.
    package weak var probe: FrameProbe?
    /// What a row dragged out offers (set by the window).
    package weak var drags: DragOut?

    /// The display's colours, which the rows draw their images in.
    package let colours: DisplayColour
    /// Where its gaps and columns are said.
    package let trace: Trace

    package init(thumbnailSize: Int32, layout: GalleryLayout = .list, colours: DisplayColour, trace: Trace) {
        self.trace = trace
        self.colours = colours
        self.thumbnailSize = thumbnailSize
        self.layout = layout
        listView = Self.view(layout, model: model, factory: factory)
        scrolled.setPolicy(horizontal: .never, vertical: .automatic)
        // On the scrolled window, which stays when the view is made again: once, whatever the layout.
        scrolled.onAfterPaint { [weak self] in
            self?.restoreTop()
            self?.fitColumns()
            self?.layoutDone.emit()
            self?.addHeldBackRowsOnceSettled()
        }
        scrolled.vadjustment.onChanged { [weak self] in self?.resized.emit() }
        scrolled.setExpand(horizontal: true, vertical: true)
        connectView()
        scrolled.setChild(listView)
        addHeldBackRowsOnInput()
    }

    /// The view over `model` for `layout`: a list of rows, or a grid of cells (allowed GTK's 7
    /// columns until the width is known: `fitColumns`).
    package static func view(_ layout: GalleryLayout, model: RowCountModel, factory: ListItemFactory) -> ListBase {
        RowInsets.addOnce()
        switch layout {
        case .list:
            let list = ListView(model: model, factory: factory)
            list.addCSSClass("rich-list")
            list.addCSSClass(RowInsets.rows)
            list.setShowSeparators(true)
            return list
        case .grid:
            let grid = GridView(model: model, factory: factory)
            grid.addCSSClass(RowInsets.cells)
            grid.setMaxColumns(7)
            return grid
        }
    }

    /// The factory's items made rows (or cells) of this list, and the view's activation heard.
    package func connectView() {
        maxColumns = layout == .grid ? 7 : 0
        listView.onActivate { [weak self] row in self?.activated.emit(row) }
        factory.onSetup { [weak self] item in
            guard let self else { return }
            let row = PhotoRow(placeholders: self.placeholders, thumbnailSize: self.thumbnailSize, colours: self.colours, cell: self.layout == .grid)
            self.rows.removeAll { $0.value == nil }
            self.rows.append(Weak(row))
            row.onRetry = { [weak self] record in self?.gallery?.retry(row: record.row) }
            row.onActivate = { [weak self] record in self?.activated.emit(record.row) }
            row.dragContent = { [weak self] record, texture in
                guard let self, let gallery = self.gallery else { return nil }
                // A row of a selection of several drags the selection.
                let selected = self.listView.selectedRows
                if selected.count >= 2, selected.contains(record.row) {
                    return self.drags?.content(selected.compactMap { PhotoChoice.row($0, of: gallery, sepia: true) }, dragged: texture)
                }
                guard let photo = PhotoChoice.row(record.row, of: gallery, sepia: record.state == .filtered) else { return nil }
                return self.drags?.content(photo, shown: texture)
            }
            item.setChild(row.container)
            // Enter on a row opens its photo (the list view's `activate`); a click does too,
            // through the row's own click gesture (see PhotoRow).
            item.setActivatable(true)
            item.attach(row, key: Self.rowKey)
        }
        factory.onBind { [weak self] item in
            guard let self, let row = item.attached(PhotoRow.self, key: Self.rowKey) else { return }
            // Mid-change, GTK binds at positions that are not yet final: bind once it is done.
            if self.changing { self.bindAfterChange.append((row, item)); return }
            measured { self.bind(row, at: item.position + self.model.first) }
        }
        factory.onUnbind { [weak self] item in
            guard let self, let row = item.attached(PhotoRow.self, key: Self.rowKey) else { return }
            self.bindAfterChange.removeAll { $0.row === row }
            measured { self.unbind(row) }
        }
        factory.onTeardown { [weak self] item in
            guard let self, let row = item.attached(PhotoRow.self, key: Self.rowKey) else { return }
            self.retire(row)
        }
    }

    /// After a thumbnail size change: the row to bring back to the top, where its box was
    /// (y from the top of the view, and its height), and how many layouts may still try.
    /// GtkListView keeps its own anchor (the focused row, often lower down).
    package var keepAtTop: (row: Int, y: Double, height: Double, tries: Int)?
    /// The grid's columns last traced (0: none yet), and the width and size they were counted at.
    package var shownColumns = 0
    package var columnsCounted: (Int, Int)?
    /// The grid's `max-columns` now.
    package var maxColumns = 0

    /// Show a gallery (or none). Rows are bound by GTK as they come into view.
    package func show(_ gallery: PhotoGallery?) {
        bindings.removeAll()
        self.gallery = gallery
        gallery?.rowChanged.add { [weak self, weak gallery] row in
            guard let self, let gallery, self.gallery === gallery else { return }
            rowChanged(row)
        }
        showFirstScreen(of: gallery?.count ?? 0)
    }

    package func bind(_ row: PhotoRow, at position: Int) {
        guard let gallery, gallery.records.indices.contains(position) else { return }
        gallery.rowBound(position)
        // An image still in memory shows at once, with no placeholder in between.
        gallery.refillFromMemory(position)
        row.date = RowDateText.date(gallery.records.dates, at: position)
        bindings.bind(row, to: gallery.records[position], busy: gallery.isBusy(position))
        row.setBadge(badge(for: position, showing: gallery.records[position]))
        row.setMarks(gallery.marks(of: position), paired: gallery.companion(of: position) != nil)
        rowBound.emit(position)
    }

    package func unbind(_ row: PhotoRow) {
        let shown = row.record?.row
        bindings.unbind(row)
        // A record whose photo went (a folder changed) has no row any more.
        if let shown, shown >= 0 { gallery?.rowUnbound(shown) }
    }

    /// Rows whose items GTK let go of, freed a few at a time (GalleryList+Retiring).
    package var retiring: [PhotoRow] = []
    package var freeingRetired = false
    /// A new gallery's rows not in the model yet (see GalleryList+FirstScreen), and whether
    /// adding them is already asked of the main loop.
    package var heldBackRows = 0
    /// The steps in which the rows held back have joined so far (said in the trace once all have).
    package var joinSteps = 0
    package var addingHeldBackRows = false
    /// The window's height as it opens (its size restored), for the rows it is expected to show
    /// before the list is laid out.
    package var windowHeight = 640

    /// Inside `apply`: row widgets GTK bound meanwhile, bound once the change is whole.
    private var changing = false
    private var bindAfterChange: [(row: PhotoRow, item: ListItem)] = []

    /// The folder shown changed (the gallery applied it first): the rows that went are removed
    /// and those that arrived inserted, run by run, so every other row keeps its widget, its
    /// image and its place on screen. A change made by the listing (thousands of photos found
    /// since, scattered among the rows) or a new order replaces every row at once instead of
    /// thousands of splices, and `keepTop` says where the view goes.
    package func apply(_ change: FolderChange, keepTop: KeepTop = .never) {
        // Positions before the change: the bound rows have not moved yet.
        let keeps = keepTop == .always || (keepTop == .unlessAtTop && scrolled.vadjustment.value > 0)
        let anchor = keeps ? visibleRows().first : nil
        // The gallery holds the new rows already: whatever GTK binds while the rows held back
        // join is bound once the change is whole, at its new place.
        changing = true
        addHeldBackRows()
        if keepTop != .never || change.moves != nil {
            // In place, the view's anchor (the top row) is moved, not looked for among every row;
            // a list's rows around it join a few dozen at a time (GalleryList+Widening).
            replaceAll(change, keeping: anchor)
        } else {
            for run in FolderChange.runs(change.removed).reversed() { model.splice(at: run.start, removed: run.length, added: 0) }
            for run in FolderChange.runs(change.inserted) { model.splice(at: run.start, removed: 0, added: run.length) }
        }
        changing = false
        // Replaced whole, GtkListView keeps the same position, the top if it was there; a list
        // scrolled down (or sorted) goes back to its first photo, wherever it is now.
        if let anchor, let now = change.position(of: anchor) { listView.scrollTo(now) }
        bindings.reindex()
        let pending = bindAfterChange
        bindAfterChange = []
        for (row, item) in pending { measured { bind(row, at: item.position + model.first) } }
        for row in change.changed where bindings.boundRows[row] != nil { rowChanged(row) }
    }

    /// More rows of the gallery shown arrived (a big manifest is still being read).
    /// Run a bind or an unbind, timed when the frame probe runs.
    package func measured(_ body: () -> Void) {
        if let probe { probe.measureBind(body) } else { body() }
    }

    package func rowsAdded(_ count: Int) {
        // While a new gallery's rest is held back, they join it.
        if heldBackRows > 0 { heldBackRows += count } else { model.append(count) }
    }

    /// A record changed: update its widget only if one is bound to that very record now.
    private func rowChanged(_ index: Int) {
        guard let gallery else { return }
        bindings.recordChanged(gallery.records[index], busy: gallery.isBusy(index))
        rowChanged.emit(index)
        addHeldBackRowsOnceSettled()
    }
}
