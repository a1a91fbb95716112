// Why this exists: a photo's date taken, as far as it is known: not read yet, read and absent, or a date.
import Foundation

/// A photo's date taken as its EXIF gives it, or that it gives none.
public enum TakenDate: Sendable, Equatable, Hashable {
    /// DateTimeOriginal, as seconds since 1970: exact with its offset (`hasOffset`), else read as
    /// the local time here.
    case exif(seconds: Double, hasOffset: Bool)
    /// Its EXIF has no date taken (or it has no EXIF): its modification time stands in.
    case none
}
