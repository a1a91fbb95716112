// Why this exists: what the index keeps of a photo's metadata (its date taken and offset, pixel size, orientation, camera and lens, whether it has a position, its marks), read in the decoding helper from its first bytes, and checked again in the app, which trusts no helper's word.
import Foundation
import MetadataValues

public struct PhotoFacts: Codable, Sendable, Equatable {
    /// EXIF DateTimeOriginal as written (the camera's clock), as seconds since 1970 read as UTC.
    public var wallSeconds: Int64?
    /// EXIF OffsetTimeOriginal: minutes east of UTC.
    public var offsetMinutes: Int?
    public var width: Int?
    public var height: Int?
    public var orientation: Int?
    public var camera: String?
    /// EXIF LensModel.
    public var lens: String?
    /// Whether it says where it was taken (a GPS latitude and longitude); nil: not read.
    public var located: Bool?
    /// Its rating, pick or reject and tags, from its own XMP (nil: it has none).
    public var marks: PhotoMarks?

    public init() {}

    /// Dates from 1800 to 2199 (anything else is a broken clock or a hostile file).
    package static let wallRange: ClosedRange<Int64> = -5_364_662_400...7_258_118_399

    /// These facts with anything implausible dropped.
    public func checked() -> PhotoFacts {
        var facts = checkedDate()
        facts.width = width.flatMap { (1...1 << 20).contains($0) ? $0 : nil }
        facts.height = height.flatMap { (1...1 << 20).contains($0) ? $0 : nil }
        facts.orientation = orientation.flatMap { (1...8).contains($0) ? $0 : nil }
        facts.camera = camera.map { String(DisplayText.clean($0).prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 }
        facts.lens = lens.map { String(DisplayText.clean($0).prefix(100)) }.flatMap { $0.isEmpty ? nil : $0 }
        facts.located = located
        // Made again: its initialiser bounds the rating and cleans the tags.
        facts.marks = marks.map { PhotoMarks(rating: $0.rating, flag: $0.flag, tags: $0.tags) }.flatMap { $0 == PhotoMarks() ? nil : $0 }
        return facts
    }

    /// Only the date and its offset, checked (what a sort needs).
    package func checkedDate() -> PhotoFacts {
        var facts = PhotoFacts()
        facts.wallSeconds = wallSeconds.flatMap { Self.wallRange.contains($0) ? $0 : nil }
        facts.offsetMinutes = facts.wallSeconds == nil ? nil : offsetMinutes.flatMap { (-14 * 60...14 * 60).contains($0) ? $0 : nil }
        return facts
    }

    /// When the photo was taken: exact with its offset, else its camera's clock read as local
    /// time here; `.none` without a date.
    public var taken: TakenDate {
        // Whoever made these facts, only a checked date is converted (nothing here overflows).
        let date = checkedDate()
        guard let wall = date.wallSeconds else { return .none }
        if let offset = date.offsetMinutes { return .exif(seconds: Double(wall - Int64(offset) * 60), hasOffset: true) }
        var tm = tm()
        var time = time_t(wall)
        gmtime_r(&time, &tm)
        tm.tm_isdst = -1
        let local = mktime(&tm)
        return .exif(seconds: Double(local == -1 ? wall : Int64(local)), hasOffset: false)
    }

    /// The facts `tags` give (the helper's side).
    package static func from(_ tags: MetadataTags) -> PhotoFacts {
        var facts = PhotoFacts()
        facts.wallSeconds = tags.values["Exif.Photo.DateTimeOriginal"].flatMap(wallSeconds)
        facts.offsetMinutes = tags.values["Exif.Photo.OffsetTimeOriginal"].flatMap(offsetMinutes)
        facts.width = tags.values["Exif.Photo.PixelXDimension"].flatMap { Int($0) }
        facts.height = tags.values["Exif.Photo.PixelYDimension"].flatMap { Int($0) }
        facts.orientation = tags.values["Exif.Image.Orientation"].flatMap { Int($0) }
        let camera = [tags.values["Exif.Image.Make"], tags.values["Exif.Image.Model"]].compactMap { $0?.trimmingCharacters(in: .whitespaces) }
        facts.camera = camera.isEmpty ? nil : camera.joined(separator: " ")
        facts.lens = tags.values["Exif.Photo.LensModel"]
        // (Named, as the facts' own reading asks for them; or as a whole reading gives a position.)
        facts.located = (tags.values["Exif.GPSInfo.GPSLatitude"] != nil && tags.values["Exif.GPSInfo.GPSLongitude"] != nil) || tags.latitude != nil
        return facts.checked()
    }

    /// "2024:07:01 14:22:05" as seconds since 1970 (read as UTC); nil when not such a date.
    package static func wallSeconds(_ text: String) -> Int64? {
        let digits = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" }).map { Int($0) }
        guard digits.count >= 6, let year = digits[0], let month = digits[1], let day = digits[2],
              let hour = digits[3], let minute = digits[4], let second = digits[5],
              (1800...2199).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// "+02:00" or "-05:30" as minutes east of UTC.
    package static func offsetMinutes(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let parts = trimmed.dropFirst().split(separator: ":").map { Int($0) }
        guard parts.count == 2, let hours = parts[0], let minutes = parts[1], (0...14).contains(hours), (0...59).contains(minutes) else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
    }
}
