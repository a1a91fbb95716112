// Why this exists: the work of one stage, which an operation is composed from: its stage, what it hands on, and what came of it.
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import PhotoTrace

/// What a stage's work produced. Each case means one thing.
public enum StageOutcome: Sendable {
    /// An image, and the cache level it came from (nil for a filter's output).
    case image(Thumbnail, from: ImageSource?)
    /// A preview to show while the image is made (a share's JPEG's EXIF thumbnail), or none
    /// (the photo has none): either way the image itself is made next.
    case preview(Thumbnail?)
    /// It could not be done, for this reason (its description shown to the user).
    case failed(StageFailure)
    /// It stopped because it was cancelled; nothing to show.
    case cancelled
    /// A file of this many bytes was written (an export; nothing to show).
    case written(bytes: Int)
}

/// The work of one stage (ImageDownloader, ImageFiltration): runs on a worker thread,
/// checks `context.isCancelled` between steps, and says what came of it.
public protocol StageWork: Sendable {
    var stage: Stage { get }
    /// What a later stage may take from this one while it is still queued or running.
    var handsOn: StageHandoff { get }
    func run(_ context: WorkContext) -> StageOutcome
}

extension StageWork {
    public var handsOn: StageHandoff { .nothing }
}

/// What a stage hands to a later one that depends on it, by type: a download hands the
/// photo's encoded bytes to the viewer's load of the same row.
public enum StageHandoff: Sendable {
    case nothing
    case originalBytes(OriginalBytes)
}
