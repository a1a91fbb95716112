// Why this exists: one recycled list row or grid cell: thumbnail (placeholder, image or failure), name and status; it renders whichever record it is bound to.
import AppLanguage
import GLibRuntime
import Gtk
import PhotoDecoding
import MetadataValues
import PhotoPipeline
import PhotoFetching
import GalleryContents
import PhotoTrace

/// As few widgets as a row can have: a box holding one row view that draws the thumbnail, the
/// name and the status (CpRowView, of fixed size, so a rebind only redraws it: nothing is
/// measured or laid out again), and the Retry button only once the row has failed. A fast
/// scroll rebinds rows every frame; as a GtkImage and two GtkLabels in boxes, each new text
/// had its label, its box and the row measured and allocated again.
@MainActor
package final class PhotoRow: PhotoRowView {
    package let container: Box
    /// What the row draws (thumbnail, name, status), without the space around it (RowInsets):
    /// the row is on screen when this is.
    package var content: Widget { view }
    /// The thumbnail (or placeholder, or failure picture), the name and the status, in one widget.
    /// 24 px between picture and text: what the row's box put between them (its 12, and 12 more
    /// that GTK's theme gives a box in a `.rich-list` row).
    private let view: RowView
    /// Made the first time this row shows a failure, then kept (hidden) for the row's life.
    private var retryButton: Button?
    /// The inspector's corner mark, and the photo's stars and flag (`PhotoRow+Marks`): the row
    /// view moves into an overlay the first time either shows.
    private var badge: (label: Label, source: ImageSource?)?
    private var overlay: Overlay?
    var marksLabel: Label?
    /// The photo's marks shown (nil: none), and what the row's accessible label says before them.
    var shownMarks: PhotoMarks?
    /// Whether it shows a RAW file with its JPEG ("RAW+JPEG" beside its marks).
    var shownPaired = false
    var accessibleParts: (name: String, state: String, reason: String) = ("", "", "")
    private var placeholders: RowPlaceholders
    /// The display's colours, which its image is drawn in.
    private let colours: DisplayColour
    /// Asks for this row's record to be loaded again (set by the list).
    package var onRetry: ((PhotoRecord) -> Void)?
    /// A click on the row (not on its Retry button, not with Ctrl or Shift): open its photo.
    package var onActivate: ((PhotoRecord) -> Void)?
    /// Dragged out of the window, the row offers its photo as it shows it (set by the list).
    package var dragContent: ((PhotoRecord, Texture) -> DragContent?)?
    private let click = GestureClick()
    /// Where the Retry button sits across the container (a cell centres it under the name).
    private var retryAlignment = Align.fill
    /// A grid's cell (its marks go over the thumbnail's corner; a row's at its end).
    let isCell: Bool

    /// The thumbnail shown now and the texture made from it (on the main thread, and released
    /// here too: only main-actor objects ever hold a texture). Nil while a placeholder shows.
    private var shown: (thumbnail: Thumbnail, texture: Texture, generation: Int)?
    /// Which placeholder shows now (nil: a thumbnail or nothing yet).
    private var shownPlaceholder: Texture?
    /// A failed photo's reason, for its tooltip.
    private var shownTooltip: String?
    /// The photo's date (a folder sorted by date), set as it is bound; worded for the tooltip
    /// only as it shows.
    package var date: RowDate?
    /// Accessible label and description last set: each change is announced over AT-SPI.
    private var shownAccessible: (String, String) = ("", "")

    /// The record this widget shows now; completions update the widget only if it still shows theirs.
    package private(set) var record: PhotoRecord?

    /// A list's row, or (`cell`) a grid's cell: the thumbnail over its name, the Retry button under them.
    package init(placeholders: RowPlaceholders, thumbnailSize: Int32, colours: DisplayColour, cell: Bool = false) {
        self.placeholders = placeholders
        self.colours = colours
        isCell = cell
        container = Box(cell ? .vertical : .horizontal, spacing: cell ? 4 : 12)
        view = cell ? RowView(cellOf: thumbnailSize, spacing: 6) : RowView(thumbnailSize: thumbnailSize, spacing: 24)
        // Its padding, the whole item (RowInsets): a click on any of it reaches `click`.
        container.addCSSClass(cell ? RowInsets.cell : RowInsets.row)
        view.setExpand(horizontal: true)
        view.setAlign(vertical: .center)
        if cell { retryAlignment = .center }
        container.append(view)
        // With Ctrl or Shift the click selects (the list's own gesture does), and opens nothing.
        click.onReleased { [weak self] presses in
            guard let self, presses == 1, !self.click.withSelectionModifier, let record = self.record else { return }
            self.onActivate?(record)
        }
        container.addController(click)
        let drag = DragSource()
        drag.onPrepare { [weak self] in
            guard let self, let record = self.record, let texture = self.shown?.texture else { return nil }
            return self.dragContent?(record, texture)
        }
        container.addController(drag)
        container.tooltipOnDemand { [weak self] in
            guard let self else { return nil }
            let lines = [self.shownTooltip, RowDateText.text(self.date)].compactMap { $0 }.filter { !$0.isEmpty }
            return lines.isEmpty ? nil : lines.joined(separator: "\n")
        }
    }

    /// The Retry button, made on first need.
    private func retry() -> Button {
        if let retryButton { return retryButton }
        let button = Button(iconName: "view-refresh-symbolic")
        button.tooltip = tr("Try loading this photo again")
        button.setAccessible(label: tr("Retry"))
        button.addCSSClass("flat")
        button.setAlign(horizontal: retryAlignment, vertical: .center)
        button.onClicked { [weak self] in
            if let record = self?.record { self?.onRetry?(record) }
        }
        container.append(button)
        retryButton = button
        return button
    }

    package func bind(_ record: PhotoRecord, busy: Bool) {
        self.record = record
        render(busy: busy)
    }

    /// The rows' thumbnail size changed: the slot takes the new size (what shows is scaled to
    /// it), and placeholders come from the new set.
    package func setThumbnailSize(_ size: Int32, placeholders: RowPlaceholders) {
        let old = self.placeholders
        self.placeholders = placeholders
        view.setThumbnailSize(size)
        if let shownPlaceholder {
            showPlaceholder(shownPlaceholder === old.failed ? placeholders.failed : placeholders.waiting)
        }
    }

    /// The display's colours changed: the image shown is drawn again in them.
    package func redrawImage() {
        if let thumbnail = shown?.thumbnail { show(thumbnail) }
    }

    package func unbind() {
        record = nil
        showPlaceholder(placeholders.waiting)
    }

    /// Show the bound record's current state. A record whose image is ready shows it at once.
    /// "Loading…" only while the row has an operation queued or running. Only what changed is
    /// set (the row view compares its texts itself and redraws only on a change).
    package func render(busy: Bool) {
        guard let record else { return }
        view.setName(record.name)
        let state = record.state
        switch state {
        case .new:
            // An image of another thumbnail size shows, scaled, until the new one arrives.
            if let image = record.image { show(image) } else { showPlaceholder(placeholders.waiting) }
            view.setStatus(busy ? tr("Loading…") : tr("Waiting"))
        case .downloaded, .filtered:
            if let image = record.image { show(image) } else { showPlaceholder(placeholders.waiting) }
            view.setStatus(state == .downloaded ? tr("Applying sepia") : tr("Sepia"))
        case .failed:
            // A photo too large to read shows its own small preview, with the reason.
            if let image = record.image { show(image) } else { showPlaceholder(placeholders.failed) }
            view.setStatus(tr("Failed to load"))
        }
        let canRetry = state == .failed && record.url != nil
        if canRetry { retry().visible = true } else { retryButton?.visible = false }
        let reason = state == .failed ? (record.failure.map(FailureText.of) ?? "") : nil
        // Asked for as the tooltip shows (`tooltipOnDemand`), never set on a bind.
        shownTooltip = reason
        accessibleParts = (record.name, accessibleState(state), reason ?? "")
        updateAccessible()
    }

    /// The row's accessible label: its name, its marks, its state (each change announced over AT-SPI).
    func updateAccessible() {
        let marks = [shownPaired ? tr("RAW and JPEG") : "", shownMarks.map(PhotoMarksText.spoken) ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
        let accessible = ([accessibleParts.name, marks, accessibleParts.state].filter { !$0.isEmpty }.joined(separator: ", "), accessibleParts.reason)
        if accessible != shownAccessible {
            shownAccessible = accessible
            container.setAccessible(label: accessible.0, description: accessible.1)
        }
    }

    /// Show `thumbnail`, making its texture only when it is not the one already shown.
    private func show(_ thumbnail: Thumbnail) {
        let generation = colours.generation
        guard shown?.thumbnail !== thumbnail || shown?.generation != generation else { return }
        let texture = colours.texture(thumbnail.pixbuf)
        shown = (thumbnail, texture, generation)
        shownPlaceholder = nil
        view.setTexture(texture)
    }

    /// Show a shared placeholder, unless it shows already (nothing changes, nothing redraws).
    private func showPlaceholder(_ texture: Texture?) {
        if shown == nil && shownPlaceholder === texture { return }
        shown = nil
        shownPlaceholder = texture
        view.setTexture(texture)
    }

    /// Show where the row's image came from (nil hides the mark).
    package func setBadge(_ source: ImageSource?) {
        if source == nil && badge == nil { return }
        let badge = self.badge ?? makeBadge()
        guard badge.source != source else { return }
        self.badge?.source = source
        if let source {
            let look = RowBadge.look(source)
            for style in RowBadge.styles where style != look.style { badge.label.removeCSSClass(style) }
            badge.label.addCSSClass(look.style)
            badge.label.text = look.letter
            badge.label.setAccessible(label: look.name)
        }
        badge.label.visible = source != nil
    }

    private func makeBadge() -> (label: Label, source: ImageSource?) {
        let label = Label()
        label.addCSSClass("row-badge")
        // Over the thumbnail's top corner (the row view starts with its slot, right to left too).
        label.setAlign(horizontal: .start, vertical: .start)
        label.visible = false
        overlaid().addOverlay(label)
        badge = (label, nil)
        return badge!
    }

    /// The overlay the row view moves into, made on first need.
    func overlaid() -> Overlay {
        if let overlay { return overlay }
        let overlay = Overlay()
        container.remove(view)
        overlay.setChild(view)
        overlay.setExpand(horizontal: true)
        overlay.setAlign(vertical: .center)
        container.prepend(overlay)
        self.overlay = overlay
        return overlay
    }

    private func accessibleState(_ state: PhotoState) -> String {
        switch state {
        case .new: return tr("waiting")
        case .downloaded: return tr("downloaded")
        case .filtered: return tr("sepia filtered")
        case .failed: return tr("failed to load")
        }
    }
}
