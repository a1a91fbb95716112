// Why this exists: what a photo says about itself, as values the viewer's Details words (camera, lens, exposure, when and where, title and keywords): made in the decoding helper from the tags gexiv2 read, every text cleaned and cut short, so a hostile photo's metadata reaches the app as bounded, harmless values.
import Foundation
import PhotoMetadata

public struct PhotoDetails: Codable, Sendable, Equatable {
    public var make: String?
    public var model: String?
    public var lens: String?
    /// Seconds, as a fraction (1/250).
    public var exposure: Fraction?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres, and its 35 mm equivalent.
    public var focalLength: Double?
    public var focalLength35: Int?
    /// Whether the flash fired (EXIF's Flash, bit 0).
    public var flashFired: Bool?
    /// When it was taken, as the camera wrote it ("2019-07-14T18:32:05"), and its offset ("+02:00").
    public var taken: String?
    public var offset: String?
    /// The photo's own size as the camera wrote it.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var title: String?
    public var caption: String?
    public var keywords: [String] = []

    public struct Fraction: Codable, Sendable, Equatable {
        public let numerator: Int
        public let denominator: Int
    }

    public init() {}

    /// The longest text kept of any one value, and the most keywords (the helper's answer
    /// stays far below its 64 KB: 11 texts and 20 keywords, each at most 200 characters).
    static let longest = 200, mostKeywords = 20

    init(_ tags: MetadataReader.Tags) {
        func text(_ name: String) -> String? { tags.values[name].flatMap(Self.cleaned) }
        func number(_ name: String) -> Double? { text(name).flatMap(Self.number) }
        make = text("Exif.Image.Make")
        model = text("Exif.Image.Model")
        lens = text("Exif.Photo.LensModel")
        exposure = text("Exif.Photo.ExposureTime").flatMap(Self.fraction)
        fNumber = number("Exif.Photo.FNumber")
        iso = number("Exif.Photo.ISOSpeedRatings").map { Int($0) }
        focalLength = number("Exif.Photo.FocalLength")
        focalLength35 = number("Exif.Photo.FocalLengthIn35mmFilm").flatMap { $0 > 0 ? Int($0) : nil }
        flashFired = number("Exif.Photo.Flash").map { Int($0) & 1 == 1 }
        taken = text("Exif.Photo.DateTimeOriginal").flatMap(Self.date)
        offset = text("Exif.Photo.OffsetTimeOriginal").flatMap { $0.range(of: #"^[+-]\d\d:\d\d$"#, options: .regularExpression) != nil ? $0 : nil }
        pixelWidth = number("Exif.Photo.PixelXDimension").map { Int($0) }
        pixelHeight = number("Exif.Photo.PixelYDimension").map { Int($0) }
        latitude = tags.latitude
        longitude = tags.longitude
        title = text("Xmp.dc.title") ?? text("Iptc.Application2.ObjectName")
        caption = text("Xmp.dc.description") ?? text("Iptc.Application2.Caption")
        let words = (tags.lists["Xmp.dc.subject"] ?? []) + (tags.lists["Iptc.Application2.Keywords"] ?? [])
        var seen = Set<String>()
        keywords = words.compactMap(Self.cleaned).filter { seen.insert($0).inserted }.prefix(Self.mostKeywords).map { $0 }
    }

    /// Nothing the Details panel would show.
    public var isEmpty: Bool { self == PhotoDetails() }

    /// `raw` without an XMP language tag, controls, hidden characters or surrounding space, cut short; nil if empty.
    static func cleaned(_ raw: String) -> String? {
        var text = raw
        if let tag = text.range(of: #"^lang="[^"]*" "#, options: .regularExpression) { text.removeSubrange(tag) }
        text = DisplayText.clean(String(text.prefix(longest))).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// "28/10" or "2.8" as a number.
    static func number(_ text: String) -> Double? {
        if let fraction = fraction(text) { return Double(fraction.numerator) / Double(fraction.denominator) }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// "1/250" as a fraction (a zero or negative denominator is none).
    static func fraction(_ text: String) -> Fraction? {
        let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let numerator = parts[0], let denominator = parts[1], denominator > 0, numerator >= 0 else { return nil }
        return Fraction(numerator: numerator, denominator: denominator)
    }

    /// EXIF's "2019:07:14 18:32:05" as "2019-07-14T18:32:05", if it is a date.
    static func date(_ text: String) -> String? {
        guard text.range(of: #"^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d"#, options: .regularExpression) != nil else { return nil }
        let characters = Array(text.prefix(19))
        return String(characters[0..<4]) + "-" + String(characters[5..<7]) + "-" + String(characters[8..<10]) + "T" + String(characters[11..<19])
    }
}
