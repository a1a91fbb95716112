// Why this exists: what a share folder's listing knows of each photo besides its name (its name on the share, its size and its time), kept beside the rows, which hold names and URIs only: what sorting a share by anything but name, and keying its dates in the index, need.
import Foundation
import PhotoFormats

public struct ShareFolderFacts: Sendable {
    /// One photo as listed.
    public struct File: Sendable, Equatable {
        /// Its name on the share, its size in bytes, and when it was last modified
        /// (microseconds since 1970; 0: the backend did not say).
        public let fileName: String
        public let size: Int64
        public let modified: Int64
        /// The file manager's sort key of its name (after its subfolders', folder by folder).
        let key: [UInt8]
    }

    /// The folder's URI, ending in "/".
    public let folder: String
    /// Each photo listed, by its URI.
    public let files: [String: File]
    /// The subfolders that could not be read (as shown), and whether the folder holds more
    /// photos than are listed.
    public let unreadable: [String]
    public let isCapped: Bool

    init(folder: String, listed: ShareListing.Listed) {
        self.folder = folder.hasSuffix("/") ? folder : folder + "/"
        unreadable = listed.unreadable
        isCapped = listed.capped
        let photos = listed.photos
        files = Dictionary(photos.map { ($0.uri, File(fileName: $0.fileName, size: $0.size, modified: $0.modified, key: $0.key)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The photos listed in both whose size or time differs from `before`'s: their new ones, by URI.
    func changed(since before: ShareFolderFacts) -> [String: FileStamp] {
        var changed: [String: FileStamp] = [:]
        for (uri, file) in files {
            guard let old = before.files[uri], old.size != file.size || old.modified != file.modified else { continue }
            changed[uri] = FileStamp(size: file.size, modified: file.modified)
        }
        return changed
    }

    /// The photos at `uris` (the rows' URIs) as files whose dates are read, and kept in the
    /// index, by their URI (their path), size and time: those listed, not in `except`.
    public func datedFiles(_ uris: [String], except: [String: TakenDate] = [:]) -> [DatedFile] {
        uris.compactMap { uri in
            guard let file = files[uri], except[file.fileName] == nil else { return nil }
            return DatedFile(fileName: file.fileName, path: uri, folder: String(folder.dropLast()), size: file.size, modified: file.modified)
        }
    }
}
