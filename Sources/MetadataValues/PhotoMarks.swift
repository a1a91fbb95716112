// Why this exists: a photo's cull marks (a rating of 0 to 5 stars, a pick or a reject, its tags; and a RAW file's turn, kept in its sidecar) and a change to them, as plain values both sides of the helper boundary share, with the XMP fields they are kept in so that other apps read them: `xmp:Rating` (-1 for a reject, as Bridge and darktable write it), digiKam's `PickLabel`, and tags as digiKam, Lightroom and every other app read them (`PhotoTags`).
import Foundation

public struct PhotoMarks: Sendable, Equatable, Codable {
    public enum Flag: String, Sendable, Equatable, Codable, CaseIterable {
        case none, pick, reject
    }

    /// 0 to 5 stars (a reject's is 0: its rating field holds -1).
    public var rating: Int
    public var flag: Flag
    /// Its tags, each a path of levels ("Places/Portugal/Lisbon"), in order (`PhotoTags`).
    public var tags: [String]
    /// The EXIF orientation (1–8) its XMP's `tiff:Orientation` says: read only from a sidecar,
    /// where Rotate keeps the turn of a camera's RAW file (never written); nil: none.
    public var orientation: Int?

    public init(rating: Int = 0, flag: Flag = .none, tags: [String] = [], orientation: Int? = nil) {
        self.rating = min(5, max(0, rating))
        self.flag = flag
        self.tags = PhotoTags.cleaned(tags)
        self.orientation = orientation.flatMap { (1...8).contains($0) ? $0 : nil }
    }

    /// The XMP fields (exiv2's keys) the marks are kept in.
    public static let ratingKey = "Xmp.xmp.Rating"
    /// Where a sidecar keeps its RAW file's orientation, as Lightroom and digiKam keep it.
    public static let orientationKey = "Xmp.tiff.Orientation"
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

/// What a mark action changes: the rating, the flag, tags added or removed, or all of them set
/// (Undo sets back what its action changed).
public struct MarksChange: Sendable, Equatable, Codable {
    public var rating: Int?
    public var flag: PhotoMarks.Flag?
    public var addTags: [String]
    public var removeTags: [String]
    /// Exactly these tags (Undo of a change to the tags).
    public var setTags: [String]?
    /// A sidecar's `tiff:Orientation` set (Rotate's turn of a RAW file; 1–8, anything else ignored).
    public var orientation: Int?

    public init(rating: Int? = nil, flag: PhotoMarks.Flag? = nil, addTags: [String] = [], removeTags: [String] = [], setTags: [String]? = nil,
                orientation: Int? = nil) {
        self.rating = rating.map { min(5, max(0, $0)) }
        self.flag = flag
        self.addTags = PhotoTags.cleaned(addTags)
        self.removeTags = PhotoTags.cleaned(removeTags)
        self.setTags = setTags.map(PhotoTags.cleaned)
        self.orientation = orientation.flatMap { (1...8).contains($0) ? $0 : nil }
    }

    /// Exactly these marks, tags too.
    public init(setting marks: PhotoMarks) {
        self.init(rating: marks.rating, flag: marks.flag, setTags: marks.tags)
    }

    /// What undoes this change on a photo that had `before`: the rating and flag it had, and
    /// its tags only where this change touched them.
    public func undoing(_ before: PhotoMarks) -> MarksChange {
        let tags = changesTags ? before.tags : nil
        if rating == nil, flag == nil { return MarksChange(setTags: tags) }
        return MarksChange(rating: before.rating, flag: before.flag, setTags: tags)
    }

    /// Whether the tags' fields are written at all (a rating alone leaves them as they are).
    public var changesTags: Bool { setTags != nil || !addTags.isEmpty || !removeTags.isEmpty }

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
        if let setTags { result.tags = setTags }
        result.tags = PhotoTags.cleaned(result.tags + addTags).filter { !removeTags.contains($0) }
        if let orientation { result.orientation = orientation }
        return result
    }
}
