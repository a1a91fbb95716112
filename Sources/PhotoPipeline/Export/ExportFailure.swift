// Why this exists: why a photo was not exported: cancelled, the photo itself, or the file it was to be written to.
import Foundation
import GLibRuntime
import MetadataValues
import PhotoFetching

/// Why a photo was not exported.
public enum ExportFailure: Error, Sendable, CustomStringConvertible {
    case cancelled
    /// The photo itself (unreachable, unreadable, too large): the export goes on to the next.
    case photo(StageFailure)
    /// The file could not be written (disk full, folder gone or read-only, name taken).
    case destination(AtomicFileError)

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .photo(let failure): return failure.description
        case .destination(let error): return error.code == ENOSPC ? "the disk is full" : error.description
        }
    }
}
