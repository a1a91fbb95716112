// Why this exists: a photo's cull marks (a rating of 0 to 5 stars, a pick or a reject) and a change to them, as plain values both sides of the helper boundary share, with the XMP fields they are kept in so that other apps read them: `xmp:Rating` (-1 for a reject, as Bridge and darktable write it) and digiKam's `PickLabel`.
import Foundation

public struct PhotoMarks: Sendable, Equatable, Codable {
    public enum Flag: String, Sendable, Equatable, Codable, CaseIterable {
        case none, pick, reject
    }

    /// 0 to 5 stars (a reject's is 0: its rating field holds -1).
    public var rating: Int
    public var flag: Flag

    public init(rating: Int = 0, flag: Flag = .none) {
        self.rating = min(5, max(0, rating))
        self.flag = flag
    }

    /// The XMP fields (exiv2's keys) the marks are kept in.
    public static let ratingKey = "Xmp.xmp.Rating"
    public static let pickKey = "Xmp.digiKam.PickLabel"
    /// digiKam's pick labels: 0 none, 1 rejected, 2 pending, 3 accepted.
    static let rejectedLabel = "1", acceptedLabel = "3"

    /// The marks the fields hold (text as exiv2 reads it; anything unreadable counts as unset).
    public init(rating: String?, pickLabel: String?) {
        let stars = rating.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { Int($0.rounded()) }
        let label = pickLabel?.trimmingCharacters(in: .whitespaces)
        if stars == -1 || label == Self.rejectedLabel {
            self.init(rating: 0, flag: .reject)
        } else {
            self.init(rating: stars ?? 0, flag: label == Self.acceptedLabel ? .pick : .none)
        }
    }

    /// What each field becomes for these marks (nil: removed), given what `pickLabel` was
    /// (another app's label that is neither a pick nor a reject stays, unless this is one).
    public func fields(pickLabelBefore: String?) -> (rating: String?, pickLabel: String?) {
        let rating: String? = flag == .reject ? "-1" : (self.rating == 0 ? nil : "\(self.rating)")
        let label: String?
        switch flag {
        case .pick: label = Self.acceptedLabel
        case .reject: label = Self.rejectedLabel
        case .none:
            let before = pickLabelBefore?.trimmingCharacters(in: .whitespaces)
            label = before == Self.acceptedLabel || before == Self.rejectedLabel ? nil : pickLabelBefore
        }
        return (rating, label)
    }
}

/// What a mark action changes: the rating, the flag, or both (Undo sets both back).
public struct MarksChange: Sendable, Equatable, Codable {
    public var rating: Int?
    public var flag: PhotoMarks.Flag?

    public init(rating: Int? = nil, flag: PhotoMarks.Flag? = nil) {
        self.rating = rating.map { min(5, max(0, $0)) }
        self.flag = flag
    }

    /// Exactly these marks (Undo's change).
    public init(setting marks: PhotoMarks) {
        self.init(rating: marks.rating, flag: marks.flag)
    }

    /// `marks` changed: a rating given un-rejects (a reject holds no stars); a pick keeps the
    /// stars; a reject drops them; clearing the flag keeps them.
    public func applied(to marks: PhotoMarks) -> PhotoMarks {
        var result = marks
        if let flag { result.flag = flag }
        if flag == .reject { result.rating = 0 }
        if let rating {
            result.rating = rating
            if flag == nil, result.flag == .reject { result.flag = .none }
        }
        return result
    }
}
