// Why this exists: the tutorial's PhotoRecord: a row's name, URL, state (new → downloaded → filtered, or failed), image and failure reason.
import Foundation

public enum PhotoState: String, Sendable {
    case new, downloaded, filtered, failed
}

/// Owned by the main loop: operations never touch a record; their results are applied here.
@MainActor
public final class PhotoRecord {
    public let row: Int
    public let name: String
    public let url: URL?
    public internal(set) var state: PhotoState = .new
    /// The image to show: the decoded download, then its sepia version.
    public internal(set) var image: Thumbnail?
    public internal(set) var failureReason: String?

    public init(row: Int, name: String, url: URL?, problem: String? = nil) {
        self.row = row
        self.name = name
        self.url = url
        if let problem {
            state = .failed
            failureReason = problem
        }
    }

    public convenience init(row: Int, entry: ManifestEntry) {
        self.init(row: row, name: entry.name, url: entry.url, problem: entry.problem)
    }

    func markDownloaded(_ image: Thumbnail) {
        self.image = image
        state = .downloaded
    }

    func markFiltered(_ image: Thumbnail) {
        self.image = image
        state = .filtered
    }

    func markFailed(_ reason: String) {
        image = nil
        failureReason = reason
        state = .failed
    }

    /// Take over a finished image from the same photo in the previous load of the gallery
    /// (Reload keeps what loaded and retries what failed).
    func adopt(_ previous: PhotoRecord) {
        guard previous.name == name, previous.url == url,
              previous.state == .filtered || previous.state == .downloaded, let image = previous.image else { return }
        self.image = image
        state = previous.state
    }

    /// Back to `new`, for Reload and per-row retry.
    func reset() {
        image = nil
        failureReason = nil
        state = .new
    }
}
