// Why this exists: one recycled list row: thumbnail (placeholder, image or failure), name and status; it renders whichever record it is bound to.
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class PhotoRow: PhotoRowView {
    static let thumbnailSize: Int32 = 64

    let container = Box(.horizontal, spacing: 12)
    /// One image for the thumbnail, the placeholder and the failure icon: a row has as few
    /// widgets as it can, since a fast scroll rebinds ~200 rows and GTK restyles each widget.
    private let picture = Image(pixelSize: PhotoRow.thumbnailSize)
    private let nameLabel = Label()
    private let statusLabel = Label()
    private let spinner = Spinner()
    private let retryButton = Button(iconName: "view-refresh-symbolic")
    /// Asks for this row's record to be loaded again (set by the list).
    var onRetry: ((PhotoRecord) -> Void)?

    /// The thumbnail shown now and the texture made from it (on the main thread, and released
    /// here too: only main-actor objects ever hold a texture).
    private var shown: (thumbnail: Thumbnail, texture: Texture)?
    private var shownTooltip: String?
    /// Accessible label and description last set: each change is announced over AT-SPI.
    private var shownAccessible: (String, String) = ("", "")

    /// The record this widget shows now; completions update the widget only if it still shows theirs.
    private(set) var record: PhotoRecord?

    init() {
        container.setMargins(6)
        picture.setSizeRequest(width: Self.thumbnailSize, height: Self.thumbnailSize)
        // Centred, not filled: the row's height must not stretch the picture wider than the slot.
        picture.setAlign(horizontal: .center, vertical: .center)
        picture.addCSSClass("thumbnail")

        let text = Box(.vertical, spacing: 4)
        text.setAlign(vertical: .center)
        text.setExpand(horizontal: true)
        nameLabel.setXAlign(0)
        nameLabel.setEllipsize(.end)
        nameLabel.addCSSClass("heading")
        let status = Box(.horizontal, spacing: 6)
        statusLabel.setXAlign(0)
        statusLabel.setEllipsize(.end)
        statusLabel.addCSSClass("dim-label")
        statusLabel.addCSSClass("caption")
        status.append(spinner)
        status.append(statusLabel)
        text.append(nameLabel)
        text.append(status)

        retryButton.tooltip = tr("Try loading this photo again")
        retryButton.setAccessible(label: tr("Retry"))
        retryButton.addCSSClass("flat")
        retryButton.setAlign(vertical: .center)
        retryButton.visible = false
        retryButton.onClicked { [weak self] in
            if let record = self?.record { self?.onRetry?(record) }
        }

        container.append(picture)
        container.append(text)
        container.append(retryButton)
    }

    func bind(_ record: PhotoRecord, busy: Bool) {
        self.record = record
        render(busy: busy)
    }

    func unbind() {
        record = nil
        showIcon(Self.placeholderIcon)
        spinner.spinning = false
    }

    static let placeholderIcon = "image-x-generic-symbolic"
    static let failedIcon = "image-missing"

    /// Show the bound record's current state. A record whose image is ready shows it at once.
    /// The spinner turns only while the row has an operation queued or running.
    func render(busy: Bool) {
        guard let record else { return }
        nameLabel.text = record.name
        let state = record.state
        spinner.spinning = busy
        spinner.visible = busy
        switch state {
        case .new:
            showIcon(Self.placeholderIcon)
            statusLabel.text = tr("Waiting")
        case .downloaded, .filtered:
            if let image = record.image { show(image) } else { showIcon(Self.placeholderIcon) }
            statusLabel.text = state == .downloaded ? tr("Applying sepia") : tr("Sepia")
        case .failed:
            showIcon(Self.failedIcon)
            statusLabel.text = tr("Failed to load")
        }
        retryButton.visible = state == .failed && record.url != nil
        let reason = state == .failed ? (record.failureReason ?? "") : nil
        // Setting a tooltip makes GTK ask the X server where the pointer is (a round trip):
        // on every bind that cost a fast scroll 150 ms stalls. Set it only when it changes.
        if reason != shownTooltip {
            shownTooltip = reason
            container.tooltip = reason
        }
        let accessible = ("\(record.name), \(accessibleState(state))", reason ?? "")
        if accessible != shownAccessible {
            shownAccessible = accessible
            container.setAccessible(label: accessible.0, description: accessible.1)
        }
    }

    /// Show `thumbnail`, making its texture only when it is not the one already shown.
    private func show(_ thumbnail: Thumbnail) {
        guard shown?.thumbnail !== thumbnail else { return }
        let texture = Texture(pixbuf: thumbnail.pixbuf)
        shown = (thumbnail, texture)
        picture.setTexture(texture)
    }

    private func showIcon(_ name: String) {
        shown = nil
        picture.showIcon(name)
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
