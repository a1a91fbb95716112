// Why this exists: Trash and Delete act on a camera's RAW file and its JPEG together when the gallery shows them as one photo: the RAW goes first (so the folder's watcher never sees the JPEG's RAW alone as a row), and if the JPEG then cannot go, the RAW is put back; Undo puts the JPEG back first, then its RAW.
import Foundation

/// A photo in the trash with the RAW file shown with it, if it had one.
public struct TrashedPair: Sendable, Equatable {
    public let photo: TrashedPhoto
    public let companion: TrashedPhoto?
}

public enum PairTrash {
    /// Move the photo at `path` and its RAW companion (nil: none) to the trash. Blocking.
    public static func trash(_ path: String, companion: String?) throws(TrashFailure) -> TrashedPair {
        guard let companion else { return TrashedPair(photo: try PhotoTrash.trash(path), companion: nil) }
        let raw = try PhotoTrash.trash(companion)
        do {
            return TrashedPair(photo: try PhotoTrash.trash(path), companion: raw)
        } catch {
            // Both or neither: the RAW goes back beside the JPEG that stayed.
            try? PhotoTrash.restore(raw)
            throw error
        }
    }

    /// Put both back: the photo, then its RAW. Blocking.
    public static func restore(_ pair: TrashedPair) throws(TrashFailure) {
        try PhotoTrash.restore(pair.photo)
        if let raw = pair.companion { try PhotoTrash.restore(raw) }
    }

    /// Delete the photo and its RAW companion for good (each still the file chosen): the RAW
    /// first; a RAW that cannot be deleted keeps its JPEG too. Blocking.
    public static func delete(_ photo: PhotoIdentity, companion: PhotoIdentity?) throws(TrashFailure) {
        if let companion { try PhotoTrash.delete(companion) }
        try PhotoTrash.delete(photo)
    }
}
