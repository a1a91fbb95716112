// Why this exists: the viewer's Details panel (F9): the photo's name, URL, pixel size, file size and format (and an animation's frame count).
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
final class ViewerDetails {
    let container = Box(.vertical, spacing: 4)
    private var values: [Label] = []

    init() {
        container.setMargins(12)
        container.setSizeRequest(width: 240, height: -1)
        for title in [tr("Name"), tr("URL"), tr("Size"), tr("File Size"), tr("Format")] {
            let heading = Label(title)
            heading.setXAlign(0)
            heading.addCSSClass("heading")
            let value = Label()
            value.setXAlign(0)
            value.setWrap(true)
            value.setSelectable(true)
            value.setMaxWidthChars(30)
            value.setAccessible(label: title)
            container.append(heading)
            container.append(value)
            values.append(value)
        }
    }

    func show(record: PhotoRecord, full: FullImage?) {
        let unknown = "—"
        let texts = [
            record.name,
            record.url?.absoluteString ?? unknown,
            full.map { fill(tr("%s × %s pixels"), ViewerPage.number($0.details.width), ViewerPage.number($0.details.height)) } ?? unknown,
            full.map { formatSize($0.details.fileSize) } ?? unknown,
            full.map { Self.format($0.details) } ?? unknown,
        ]
        for (label, text) in zip(values, texts) where label.text != text { label.text = text }
    }

    /// "WebP image (image/webp)": the format's name as its loader gives it, and its type; for an
    /// animation, "GIF image (image/gif), animated, 12 frames".
    static func format(_ details: FullImageDetails) -> String {
        let format = switch (details.formatName, details.mimeType) {
        case let (name?, type?): "\(name) (\(type))"
        case let (name?, nil): name
        case let (nil, type?): type
        case (nil, nil): "—"
        }
        guard let frames = details.frameCount else { return format }
        return format + ", " + fill(trn("animated, %s frame", "animated, %s frames", frames), ViewerPage.number(frames))
    }
}
