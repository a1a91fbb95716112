// Why this exists: a photo's own details worded as GNOME words them (Canon EOS 5D, 1/250 s, ƒ/2.8, ISO 400, 50 mm, dates in the user's locale), each a heading and its text; fields the photo lacks are left out.
import AppLanguage
import PhotoFormats
import Foundation
import MetadataValues
import Gtk
import PhotoDecoding
import PhotoPipeline

@MainActor
package enum PhotoDetailsText {
    /// The headings, in the order the panel shows them.
    package static var headings: [String] {
        [tr("Camera"), tr("Lens"), tr("Exposure Time"), tr("Aperture"), tr("ISO"), tr("Focal Length"), tr("Flash"),
         tr("Date Taken"), tr("Original Size"), tr("Location"), tr("Title"), tr("Description"), tr("Keywords"), tr("Rating"), tr("Pick"), tr("Tags")]
    }

    /// Each heading's text (nil: the photo does not say), and for the location, its link.
    package static func texts(_ details: PhotoDetails) -> [(text: String?, link: String?)] {
        [
            (camera(details), nil), (details.lens, nil), (details.exposure.map(exposure), nil),
            (details.fNumber.map { "ƒ/" + decimal($0, digits: 1) }, nil),
            (details.iso.map { fill(tr("ISO %s"), ViewerPage.number($0)) }, nil),
            (focalLength(details), nil),
            (details.flashFired.map { $0 ? tr("Fired") : tr("Did not fire") }, nil),
            (taken(details), nil),
            (details.pixelWidth.flatMap { width in details.pixelHeight.map { fill(tr("%s × %s pixels"), ViewerPage.number(width), ViewerPage.number($0)) } }, nil),
            location(details),
            (details.title, nil), (details.caption, nil),
            (details.keywords.isEmpty ? nil : details.keywords.joined(separator: ", "), nil),
            (details.marks.flatMap(rating), nil),
            (details.marks.flatMap(flag), nil),
            // Tags with levels, as digiKam and Lightroom keep them (the keywords above are their last levels).
            (details.marks.flatMap { $0.tags.contains { $0.contains("/") } ? $0.tags.joined(separator: ", ") : nil }, nil),
        ]
    }

    /// "★★★★☆ 4 stars" (the stars drawn, and said); nil for none or a reject (its own line says it).
    package static func rating(_ marks: PhotoMarks) -> String? {
        guard marks.rating > 0, marks.flag != .reject else { return nil }
        let stars = String(repeating: "★", count: marks.rating) + String(repeating: "☆", count: 5 - marks.rating)
        return stars + " " + fill(trn("%s star", "%s stars", marks.rating), "\(marks.rating)")
    }

    /// "Picked" or "Rejected".
    package static func flag(_ marks: PhotoMarks) -> String? {
        switch marks.flag {
        case .pick: tr("Picked")
        case .reject: tr("Rejected")
        case .none: nil
        }
    }

    /// "Canon EOS 5D" (a model that names its maker is not prefixed again).
    package static func camera(_ details: PhotoDetails) -> String? {
        switch (details.make, details.model) {
        case let (make?, model?): model.lowercased().hasPrefix(make.lowercased().split(separator: " ").first.map(String.init) ?? make.lowercased()) ? model : make + " " + model
        case let (make?, nil): make
        case let (nil, model?): model
        case (nil, nil): nil
        }
    }

    /// "1/250 s", "2 s", "0.8 s".
    package static func exposure(_ fraction: PhotoDetails.Fraction) -> String {
        let seconds = Double(fraction.numerator) / Double(fraction.denominator)
        // The parts are EXIF's 32-bit ones (checked where they were read), but a number from a
        // photo never reaches Int(Double) unchecked.
        if seconds > 0, seconds < 1, fraction.numerator > 0, let reciprocal = HostileNumbers.whole((1 / seconds).rounded(), in: 1...Int(UInt32.max)) {
            return fill(tr("1/%s s"), ViewerPage.number(reciprocal))
        }
        return fill(tr("%s s"), decimal(seconds, digits: 1))
    }

    /// "50 mm", with "(75 mm in 35 mm)" where the camera says it.
    package static func focalLength(_ details: PhotoDetails) -> String? {
        guard let length = details.focalLength else { return nil }
        let own = fill(tr("%s mm"), decimal(length, digits: 1))
        guard let equivalent = details.focalLength35, Double(equivalent) != length.rounded() else { return own }
        return fill(tr("%s (%s mm in 35 mm)"), own, ViewerPage.number(equivalent))
    }

    /// The date taken in the user's locale, with the offset the camera wrote.
    package static func taken(_ details: PhotoDetails) -> String? {
        guard let text = details.taken else { return nil }
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_US_POSIX")
        parser.timeZone = TimeZone(identifier: "UTC")
        parser.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let date = parser.date(from: text) else { return text }
        let shown = DateFormatter()
        shown.timeZone = TimeZone(identifier: "UTC")
        shown.dateStyle = .long
        shown.timeStyle = .short
        let words = shown.string(from: date)
        guard let offset = details.offset else { return words }
        return words + " (UTC" + offset + ")"
    }

    /// "48.85837° N, 2.29448° E", linked to a map through its geo: address.
    package static func location(_ details: PhotoDetails) -> (text: String?, link: String?) {
        guard let latitude = details.latitude, let longitude = details.longitude else { return (nil, nil) }
        let text = decimal(abs(latitude), digits: 5) + "° " + (latitude < 0 ? tr("S") : tr("N")) + ", "
            + decimal(abs(longitude), digits: 5) + "° " + (longitude < 0 ? tr("W") : tr("E"))
        let link = String(format: "geo:%.6f,%.6f", latitude, longitude)
        return (text, link)
    }

    /// `value` with at most `digits` decimals, in the user's locale ("2.8", "50").
    package static func decimal(_ value: Double, digits: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = digits
        formatter.minimumFractionDigits = 0
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}
