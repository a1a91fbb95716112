// Why this exists: a share's folder listed again, since GVfs's SMB, SFTP and WebDAV backends report no changes: the new listing merged against the rows shown as one change (the photos that went, the photos that arrived), every other row keeping its photo, its work and its place.
import Foundation
import GLibRuntime
import PhotoFetching
import PhotoTrace

public enum ShareRelisting {
    /// What changed in the share folder at `url` since `shown` (the rows' URIs, in order), as
    /// a change of rows; nil if no photo went or arrived. Blocking: call on a worker thread.
    public static func change(ofShare url: URL, shown: [String], cancellable: Cancellable, files: LocalFileFetcher,
                              maxPhotos: Int = FolderListing.maxPhotos) throws(ManifestError) -> FolderChange? {
        let found = try ShareListing.listing(ofShare: url, cancellable: cancellable, files: files, maxPhotos: maxPhotos)
        return merge(shown: shown, listed: found.photos.map { ($0.name, $0.uri) })
    }

    /// `listed` (name, URI), in the order shown, against the URIs shown: nil if they are the same.
    static func merge(shown: [String], listed: [(name: String, uri: String)]) -> FolderChange? {
        let now = Set(listed.map(\.uri)), before = Set(shown)
        let removed = shown.indices.filter { !now.contains(shown[$0]) }
        let inserted = listed.indices.filter { !before.contains(listed[$0].uri) }
        guard !removed.isEmpty || !inserted.isEmpty else { return nil }
        let rows = ManifestRows()
        for row in listed { rows.append(name: row.name, url: row.uri) }
        rows.seal()
        var store = ManifestRowStore()
        store.append(rows)
        // The rows that stayed keep their order in both (one sort key): if they did not (a name
        // whose key changed), every row goes and comes back, in the listing's order.
        let stayedBefore = shown.filter { now.contains($0) }, stayedNow = listed.map(\.uri).filter { before.contains($0) }
        guard stayedBefore == stayedNow else {
            return FolderChange(removed: Array(shown.indices), inserted: Array(listed.indices), changed: [], rows: store)
        }
        return FolderChange(removed: removed, inserted: inserted, changed: [], rows: store)
    }
}
