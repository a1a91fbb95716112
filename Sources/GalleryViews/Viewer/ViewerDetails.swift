// Why this exists: the viewer's Details panel (F9): the photo's name, URL, pixel size, file size and format (and an animation's frame count), its colour profile where it has one, and what the photo says about itself (camera, exposure, when and where, title), each shown only where the photo says it.
import AppLanguage
import Foundation
import GLibRuntime
import Gtk
import PhotoPipeline

@MainActor
package final class ViewerDetails {
    package let container = Box(.vertical, spacing: 4)
    private var values: [Label] = []
    /// The colour profile's heading and value, shown only for a photo that carries one.
    private var profile: (heading: Label, value: Label)?
    /// What the photo says about itself (`PhotoDetailsText`), each shown only where it says it.
    private var photoRows: [(heading: Label, value: Label)] = []

    package init() {
        container.setMargins(12)
        container.setSizeRequest(width: 240, height: -1)
        values = [tr("Name"), tr("URL"), tr("Size"), tr("File Size"), tr("Format")].map { addRow($0).value }
        profile = addRow(tr("Color Profile"), shown: false)
        photoRows = PhotoDetailsText.headings.map { addRow($0, shown: false) }
    }

    /// A heading and its value (wrapped, selectable, named by its heading for a screen reader).
    private func addRow(_ title: String, shown: Bool = true) -> (heading: Label, value: Label) {
        let heading = Label(title)
        heading.setXAlign(0)
        heading.addCSSClass("heading")
        let value = Label()
        value.setXAlign(0)
        value.setWrap(true)
        value.setSelectable(true)
        value.setMaxWidthChars(30)
        value.setAccessible(label: title)
        heading.visible = shown
        value.visible = shown
        container.append(heading)
        container.append(value)
        return (heading, value)
    }

    package func show(record: PhotoRecord, full: FullImage?) {
        let unknown = "—"
        let texts = [
            record.name,
            record.url?.absoluteString ?? unknown,
            full.map { fill(tr("%s × %s pixels"), ViewerPage.number($0.details.width), ViewerPage.number($0.details.height)) } ?? unknown,
            full.map { formatSize($0.details.fileSize) } ?? unknown,
            full.map { Self.format($0.details) } ?? unknown,
        ]
        for (label, text) in zip(values, texts) where label.text != text { label.text = text }
        let colour = full.flatMap { Self.colour($0.details) }
        profile?.heading.visible = colour != nil
        profile?.value.visible = colour != nil
        if let colour, profile?.value.text != colour { profile?.value.text = colour }
        let said = full?.details.photo.map(PhotoDetailsText.texts) ?? []
        for (index, row) in photoRows.enumerated() {
            let shown: (text: String?, link: String?) = index < said.count ? said[index] : (nil, nil)
            row.heading.visible = shown.text != nil
            row.value.visible = shown.text != nil
            guard let text = shown.text else { continue }
            if let link = shown.link {
                row.value.setLink(text, to: link)
            } else if row.value.text != text {
                row.value.text = text
            }
        }
    }

    /// "Adobe RGB (1998), converted to sRGB"; an sRGB profile's name alone; "not applied: …"
    /// for one that could not be used; nil for a photo with none.
    package static func colour(_ details: FullImageDetails) -> String? {
        if let ignored = details.profileIgnored {
            return fill(tr("%s, not applied: %s"), details.profileName ?? tr("A profile"), ignored)
        }
        guard let name = details.profileName else { return nil }
        return details.profileConverted ? fill(tr("%s, converted to sRGB"), name) : name
    }

    /// "WebP image (image/webp)": the format's name as its loader gives it, and its type; for an
    /// animation, "GIF image (image/gif), animated, 12 frames".
    package static func format(_ details: FullImageDetails) -> String {
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
