// Why this exists: the full-size viewer page: the photo (the row's thumbnail scaled up at once, then the full image), its download progress or failure with Retry, and the details panel (its keys: ViewerPage+Keys).
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoDecoding
import PhotoPipeline
import PhotoTrace

@MainActor
package final class ViewerPage {
    package let container = Box(.horizontal)
    /// The photo on screen and its zoom.
    package let zoom = PhotoZoom()
    package var photo: PhotoView { zoom.view }
    /// A GIF or animated WebP shown plays (paused while off screen).
    package private(set) lazy var animation = ViewerAnimation(zoom: zoom, colours: colours)
    /// Rotate, shown on the picture while the file turns.
    package private(set) lazy var turn = ViewerTurn(zoom: zoom, trace: trace)
    private let overlay = Overlay()
    private let progress = ProgressBar()
    private let problem = Box(.vertical, spacing: 12)
    private let problemLabel = Label()
    private let retryButton = Button(label: tr("_Retry"))
    private let details = ViewerDetails()
    /// The mouse's back and forward buttons (`takeSideButtons`).
    package let sideButtons = GestureClick(button: 0)

    /// The header's controls while the viewer shows (the window packs them).
    package let backButton = Button(iconName: "go-previous-symbolic")
    package let sepiaButton = ToggleButton(iconName: "image-x-generic-symbolic")
    package let infoButton = ToggleButton(iconName: "dialog-information-symbolic")

    package var viewer: PhotoViewer?
    /// What the photo dragged out offers (set by the window).
    package weak var drags: DragOut?
    /// Leave the viewer (Back, Escape, Alt+Left); the window shows the list at this row.
    package var onClose: ((Int) -> Void)?
    /// The photo shown changed: its name and "12 of 2,000" for the header.
    package var onTitle: ((String, String) -> Void)?
    /// Make the window fullscreen or not (F11, Escape).
    package var setFullscreen: (Bool) -> Void = { _ in }
    /// Whether the viewer asked for fullscreen (the window manager may take a moment, or under
    /// Xvfb never answer): Escape leaves fullscreen before it leaves the viewer. The window
    /// clears it when the window manager takes fullscreen away.
    package var isFullscreen = false {
        didSet {
            guard isFullscreen != oldValue, let row = viewer?.row else { return }
            trace.emit(.viewer(row: row, action: isFullscreen ? .fullscreen : .windowed))
        }
    }

    package func fullscreen(_ on: Bool) {
        isFullscreen = on
        setFullscreen(on)
    }

    /// What the picture shows now: the row, whether it is the full image, and the texture
    /// (held here, on the main thread, with the image it wraps).
    /// What the photo view shows now (set by `refresh`; a folder's change moves its row).
    package var shown: (row: Int, full: Bool, sepia: Bool, image: Thumbnail, texture: Texture)?
    /// The display colours `shown` was drawn in (`DisplayColour.generation`).
    package var shownColours = 0

    /// The display's colours, which the photo is drawn in.
    package let colours: DisplayColour
    /// Where the viewer's pictures, zooms and turns are said.
    package let trace: Trace

    package init(colours: DisplayColour, trace: Trace) {
        self.trace = trace
        self.colours = colours
        photo.onMap { [weak self] in self?.animation.resume() }
        photo.setAccessible(label: tr("Photo"))
        overlay.setChild(photo)
        overlay.setExpand(horizontal: true, vertical: true)
        progress.setAlign(horizontal: .fill, vertical: .start)
        progress.addCSSClass("osd")
        progress.visible = false
        overlay.addOverlay(progress)

        problem.setAlign(horizontal: .center, vertical: .center)
        problem.addCSSClass("osd")
        problem.setMargins(24)
        problemLabel.setWrap(true)
        problemLabel.setJustify(.center)
        problemLabel.setMaxWidthChars(50)
        problem.append(problemLabel)
        retryButton.setAlign(horizontal: .center)
        retryButton.onClicked { [weak self] in self?.viewer?.retry() }
        problem.append(retryButton)
        problem.visible = false
        overlay.addOverlay(problem)

        container.append(overlay)
        container.append(details.container)
        details.container.visible = false

        backButton.tooltip = tr("Back to the gallery")
        backButton.setAccessible(label: tr("Back"))
        backButton.onClicked { [weak self] in self?.close() }
        sepiaButton.tooltip = tr("Sepia (S)")
        sepiaButton.setAccessible(label: tr("Sepia"))
        sepiaButton.isActive = true
        sepiaButton.onToggled { [weak self] in
            guard let self, let viewer = self.viewer, viewer.sepia != self.sepiaButton.isActive else { return }
            viewer.setSepia(self.sepiaButton.isActive)
            self.refresh()
        }
        infoButton.tooltip = tr("Details (F9 or Alt+Return)")
        infoButton.setAccessible(label: tr("Details"))
        infoButton.onToggled { [weak self] in
            guard let self else { return }
            self.details.container.visible = self.infoButton.isActive
        }
        zoom.onChanged = { [weak self] in self?.zoomChanged() }
        zoom.onNewPicture = { [weak self] in self?.turn.reset() }
        allowDragOut()
        takeSideButtons()
    }

    // MARK: opening and moving

    package func open(_ gallery: PhotoGallery, row: Int) {
        viewer?.close()
        let viewer = PhotoViewer(gallery: gallery, screen: colours.screen)
        viewer.setSepia(sepiaButton.isActive)
        viewer.onRowChanged = { [weak self] changed in
            if changed == self?.viewer?.row { self?.refresh() }
        }
        self.viewer = viewer
        shown = nil
        viewer.open(row)
        refresh()
    }

    /// Close the viewer and drop its images; the window goes back to the list.
    package func close() {
        guard let viewer, let row = viewer.row else { return }
        if isFullscreen { fullscreen(false) }
        animation.stop()
        viewer.close()
        self.viewer = nil
        zoom.setTexture(nil, width: 0, height: 0, keepView: false, upscale: false)
        shown = nil
        onClose?(row)
    }

    package func move(to row: Int) {
        guard let viewer, viewer.gallery.records.indices.contains(row) else { return }
        viewer.move(to: row)
        refresh()
    }

    /// The list row's record changed (its download landed or failed).
    package func rowChanged(_ row: Int) {
        if row == viewer?.row { refresh() }
    }

    // MARK: showing

    /// Show the best the viewer has for the current row: its full image, else the row's
    /// thumbnail scaled up; progress while it loads; the reason and Retry if it failed.
    package func refresh() {
        guard let viewer, let row = viewer.row else { return }
        let gallery = viewer.gallery
        let record = gallery.records[row]
        onTitle?(record.name, fill(tr("%s of %s"), Self.number(row + 1), Self.number(gallery.count)))
        let full = viewer.image(for: row)
        if let full {
            if shown?.row != row || shown?.image !== full.image || shownColours != colours.generation {
                let keep = shown?.row == row && shown?.full == true
                shownColours = colours.generation
                let texture = colours.texture(full)
                // Drawn at the photo's own size: a screen-sized decode stands in until a zoom
                // past it asks for the full one, which then replaces it in place.
                let size = Self.photoSize(full)
                zoom.setTexture(texture, width: size.width, height: size.height, keepView: keep, upscale: false)
                shown = (row, true, full.sepia, full.image, texture)
                // An animation, as its header says (read off the main loop with the photo).
                if full.details.frameCount != nil, let data = full.details.encoded {
                    animation.play(data, row: row, viewer: viewer, sepia: full.sepia, intensity: gallery.settings.sepiaIntensity,
                                   width: size.width, height: size.height)
                } else {
                    animation.stop()
                }
                zoomChanged()
                let ms = (ProcessInfo.processInfo.systemUptime - viewer.askedAt) * 1000
                trace.emit(.fullImage(row: row, width: full.image.width, height: full.image.height, sepia: full.sepia,
                                             from: full.details.from, ms: (ms * 10).rounded() / 10))
            }
        } else if let thumbnail = record.image {
            if shown?.row != row || shown?.image !== thumbnail || shownColours != colours.generation {
                animation.stop()
                shownColours = colours.generation
                let texture = colours.texture(thumbnail.pixbuf)
                zoom.setTexture(texture, width: thumbnail.width, height: thumbnail.height, keepView: false, upscale: true)
                shown = (row, false, record.state == .filtered, thumbnail, texture)
            }
        } else if shown?.row != row {
            animation.stop()
            zoom.setTexture(nil, width: 0, height: 0, keepView: false, upscale: false)
            shown = nil
        }
        let failure = full == nil ? viewer.failure(for: row).map(FailureText.of) : nil
        problem.visible = failure != nil
        if let failure { problemLabel.text = fill(tr("This photo could not be shown: %s"), failure) }
        let loading = full == nil && failure == nil
        progress.visible = loading
        if loading {
            if let fraction = viewer.progress(for: row) { progress.fraction = fraction } else { progress.pulse() }
        } else {
            // Hidden, a pulsing bar would still animate on every frame, for as long as the app runs.
            progress.stopPulsing()
        }
        photo.setAccessible(label: record.name, description: failure ?? (loading ? tr("Loading…") : zoomText))
        details.show(record: record, full: full)
    }

    package var zoomText: String { fill(tr("Zoom %s"), String(Int((zoom.zoom * 100).rounded())) + " %") }

    package static func number(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}
