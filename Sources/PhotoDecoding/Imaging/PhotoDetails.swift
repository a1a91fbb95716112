// Why this exists: what a photo says about itself, as values the viewer's Details words (camera, lens, exposure, when and where, title and keywords): made in the decoding helper from the tags gexiv2 read, every text cleaned and cut short, so a hostile photo's metadata reaches the app as bounded, harmless values.
import PhotoFormats
import Foundation
import MetadataValues

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
    /// The stars, the pick or reject and the tags kept in its XMP (`PhotoMarks`); nil where it has none.
    public var marks: PhotoMarks?

    /// An EXIF rational: both parts fit in 32 bits, the denominator is not 0.
    public struct Fraction: Codable, Sendable, Equatable {
        public let numerator: Int
        public let denominator: Int

        public init?(numerator: Int, denominator: Int) {
            guard (0...Int(UInt32.max)).contains(numerator), (1...Int(UInt32.max)).contains(denominator) else { return nil }
            self.numerator = numerator
            self.denominator = denominator
        }

        /// A helper's word is checked as the photo's is: parts out of range are a lie, and the
        /// reply that carries them is refused.
        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard let fraction = Fraction(numerator: try container.decode(Int.self, forKey: .numerator),
                                          denominator: try container.decode(Int.self, forKey: .denominator)) else {
                throw DecodingError.dataCorruptedError(forKey: .numerator, in: container, debugDescription: "not an EXIF rational")
            }
            self = fraction
        }
    }

    public init() {}

    /// The longest text kept of any one value, and the most keywords (the helper's answer
    /// stays far below its 64 KB: 11 texts and 20 keywords, each at most 200 characters).
    static let longest = 200, mostKeywords = 20

    init(_ tags: MetadataTags) {
        func text(_ name: String) -> String? { tags.values[name].flatMap(Self.cleaned) }
        func number(_ name: String) -> Double? { text(name).flatMap(Self.number) }
        make = text("Exif.Image.Make")
        model = text("Exif.Image.Model")
        lens = text("Exif.Photo.LensModel")
        exposure = text("Exif.Photo.ExposureTime").flatMap(Self.fraction)
        fNumber = number("Exif.Photo.FNumber")
        iso = number("Exif.Photo.ISOSpeedRatings").flatMap { HostileNumbers.whole($0, in: Self.isoRange) }
        focalLength = number("Exif.Photo.FocalLength")
        focalLength35 = number("Exif.Photo.FocalLengthIn35mmFilm").flatMap { HostileNumbers.whole($0, in: Self.focalRange) }
        flashFired = number("Exif.Photo.Flash").flatMap { HostileNumbers.whole($0, in: 0...0xFFFF) }.map { $0 & 1 == 1 }
        taken = text("Exif.Photo.DateTimeOriginal").flatMap(Self.date)
        offset = text("Exif.Photo.OffsetTimeOriginal").flatMap { $0.range(of: #"^[+-]\d\d:\d\d$"#, options: .regularExpression) != nil ? $0 : nil }
        pixelWidth = number("Exif.Photo.PixelXDimension").flatMap { HostileNumbers.whole($0, in: Self.sideRange) }
        pixelHeight = number("Exif.Photo.PixelYDimension").flatMap { HostileNumbers.whole($0, in: Self.sideRange) }
        latitude = tags.latitude
        longitude = tags.longitude
        title = text("Xmp.dc.title") ?? text("Iptc.Application2.ObjectName")
        caption = text("Xmp.dc.description") ?? text("Iptc.Application2.Caption")
        let words = (tags.lists["Xmp.dc.subject"] ?? []) + (tags.lists["Iptc.Application2.Keywords"] ?? [])
        var seen = Set<String>()
        keywords = words.compactMap(Self.cleaned).filter { seen.insert($0).inserted }.prefix(Self.mostKeywords).map { $0 }
        var marks = PhotoMarks(rating: tags.values[PhotoMarks.ratingKey], pickLabel: tags.values[PhotoMarks.pickKey])
        marks.tags = PhotoTags.read(digiKam: tags.lists[PhotoTags.digiKamKey] ?? [], lightroom: tags.lists[PhotoTags.lightroomKey] ?? [],
                                    subjects: tags.lists[PhotoTags.subjectKey] ?? [])
        self.marks = marks == PhotoMarks() ? nil : marks
        self = checked()
    }

    /// What a sensible value can be: an ISO speed, a 35 mm focal length, a side in pixels.
    static let isoRange = 1...10_000_000, focalRange = 1...100_000, sideRange = 1...(1 << 20)

    /// These details with every number out of its range dropped and every text cleaned again:
    /// the app reads a helper's details as it would the photo's own.
    public func checked() -> PhotoDetails {
        var details = self
        for path in [\PhotoDetails.make, \.model, \.lens, \.title, \.caption] { details[keyPath: path] = self[keyPath: path].flatMap(Self.cleaned) }
        details.keywords = keywords.compactMap(Self.cleaned).prefix(Self.mostKeywords).map { $0 }
        details.fNumber = fNumber.flatMap { HostileNumbers.finite($0, in: 0.1...1000) }
        details.iso = iso.flatMap { Self.isoRange.contains($0) ? $0 : nil }
        details.focalLength = focalLength.flatMap { HostileNumbers.finite($0, in: 0.1...100_000) }
        details.focalLength35 = focalLength35.flatMap { Self.focalRange.contains($0) ? $0 : nil }
        details.pixelWidth = pixelWidth.flatMap { Self.sideRange.contains($0) ? $0 : nil }
        details.pixelHeight = pixelHeight.flatMap { Self.sideRange.contains($0) ? $0 : nil }
        details.latitude = latitude.flatMap { HostileNumbers.finite($0, in: -90...90) }
        details.longitude = longitude.flatMap { HostileNumbers.finite($0, in: -180...180) }
        details.taken = taken.flatMap(Self.checkedDate)
        details.offset = offset.flatMap { $0.range(of: #"^[+-]\d\d:\d\d$"#, options: .regularExpression) != nil ? $0 : nil }
        // (A helper's stars out of 0…5 are brought back into it.)
        details.marks = marks.map { PhotoMarks(rating: $0.rating, flag: $0.flag, tags: $0.tags) }
        return details
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

    /// "1/250" as a fraction (EXIF's 32-bit parts; a zero denominator is none).
    static func fraction(_ text: String) -> Fraction? {
        guard let (numerator, denominator) = HostileNumbers.rational(text) else { return nil }
        return Fraction(numerator: Int(numerator), denominator: Int(denominator))
    }

    /// "2019-07-14T18:32:05" kept only in that form (what `date` makes).
    static func checkedDate(_ text: String) -> String? {
        text.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression) != nil ? text : nil
    }

    /// EXIF's "2019:07:14 18:32:05" as "2019-07-14T18:32:05", if it is a date.
    static func date(_ text: String) -> String? {
        guard text.range(of: #"^\d{4}:\d\d:\d\d \d\d:\d\d:\d\d"#, options: .regularExpression) != nil else { return nil }
        let characters = Array(text.prefix(19))
        return String(characters[0..<4]) + "-" + String(characters[5..<7]) + "-" + String(characters[8..<10]) + "T" + String(characters[11..<19])
    }
}
