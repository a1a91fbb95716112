// Why this exists: what making photos from a folder's entries remembers (whether a content type is an image, where the names of the folder read last begin), one per thread that makes them, so two threads can list one tree without sharing a cache.
import Foundation

struct PhotoMaking {
    /// One answer per content type (a folder holds few), searched in turn: the reader hands out
    /// the same string for each extension, so a comparison is by identity first, with no hashing.
    private var known: [(type: String, isImage: Bool)] = []
    /// Where the names of the folder whose photos were made last begin (`FolderContents.place(of:making:)`).
    var lastPlace: FolderPlace?

    mutating func isImage(_ type: String) -> Bool {
        if let answer = known.first(where: { $0.type == type }) { return answer.isImage }
        let answer = FolderListing.isImage(contentType: type)
        known.append((type, answer))
        return answer
    }
}
