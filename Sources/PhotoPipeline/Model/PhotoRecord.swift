// Why this exists: the tutorial's PhotoRecord: a row's name, URL, state (new → downloaded → filtered, or failed), image and failure reason.
import PhotoFormats
import Foundation
import PhotoDecoding
import PhotoFetching
import GalleryContents
import PhotoTrace

/// Owned by the main loop: operations never touch a record; their results are applied here.
@MainActor
public final class PhotoRecord {
    /// The photo's identity while this record lives: what the gallery's work is keyed by.
    public let id: PhotoID
    /// Its position in the gallery now: fixed for a manifest; a folder's rows move as photos
    /// arrive and go (-1 once its photo went). Followed by `RecordStore` alone.
    public internal(set) var row: Int
    public let name: String
    public let url: URL?
    public internal(set) var state: PhotoState = .new
    /// The image to show: the decoded download, then its sepia version. Held only while the
    /// memory cache holds it under `imageKey` (an eviction takes it away).
    public internal(set) var image: Thumbnail?
    public internal(set) var imageKey: ImageKey?
    /// Whether its preview was looked for (a share's JPEG's EXIF thumbnail): found or not, once.
    public internal(set) var previewTried = false
    /// Why it failed, as a value (the consent and Retry decide by its code).
    public internal(set) var failure: StageFailure?
    /// Why it failed, in words.
    public var failureReason: String? { failure?.description }

    init(id: PhotoID, row: Int, name: String, url: URL?, problem: Words? = nil) {
        self.id = id
        self.row = row
        self.name = name
        self.url = url
        if let problem {
            state = .failed
            failure = StageFailure(.refusedAddress, problem)
        }
    }

    convenience init(id: PhotoID, row: Int, entry: ManifestEntry) {
        self.init(id: id, row: row, name: entry.name, url: entry.url, problem: entry.problem)
    }

    func markDownloaded(_ image: Thumbnail, key: ImageKey) {
        self.image = image
        imageKey = key
        state = .downloaded
    }

    /// Shows a preview (still `new`: its image is made next).
    func markPreviewed(_ image: Thumbnail, key: ImageKey) {
        self.image = image
        imageKey = key
    }

    func markFiltered(_ image: Thumbnail, key: ImageKey) {
        self.image = image
        imageKey = key
        state = .filtered
    }

    /// Failed; a preview stays shown only when `keepingPreview` (a photo too large to read).
    func markFailed(_ failure: StageFailure, keepingPreview: Bool = false) {
        if !(keepingPreview && imageKey?.variant == .preview) {
            image = nil
            imageKey = nil
        }
        self.failure = failure
        state = .failed
    }

    /// Back to `new` because the rows' thumbnail size changed: the image stays (the row shows it
    /// scaled) until the one at the new size replaces it.
    func markResized() {
        state = .new
    }

    /// Back to `new`, for per-row retry and when the memory cache evicted its image.
    func reset() {
        image = nil
        imageKey = nil
        failure = nil
        state = .new
    }
}
