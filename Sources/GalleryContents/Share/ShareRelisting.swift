// Why this exists: a share's folder listed again, since GVfs's SMB, SFTP and WebDAV backends report no changes: the new listing merged against the rows shown as one change (the photos that went, the photos that arrived, the photos whose size or time changed), every other row keeping its photo, its work and its place.
import Foundation
import GLibRuntime
import PhotoFetching
import PhotoTrace

public enum ShareRelisting {
    /// What changed in the share folder at `url` since `shown` (the rows' URIs, in order), as
    /// a change of rows (nil if no photo went, arrived or changed since `before`, the listing
    /// the rows were shown from), and the sizes and times listed. Blocking: call on a worker thread.
    /// `inListingOrder`: the rows shown are in the listing's order (else in one the user chose:
    /// the rows that stay keep theirs, and those that arrived come last, to be sorted in).
    /// `leftOut`: the URIs the filter keeps aside, which stay out of the rows.
    public static func change(ofShare url: URL, shown: [String], inListingOrder: Bool, cancellable: Cancellable, files: LocalFileFetcher,
                              subfolders: Bool = false, before: ShareFolderFacts? = nil, leftOut: Set<String> = [],
                              maxPhotos: Int = FolderListing.maxPhotos) throws(ManifestError) -> (change: FolderChange?, facts: ShareFolderFacts) {
        let found = try ShareListing.listing(ofShare: url, cancellable: cancellable, files: files, subfolders: subfolders, maxPhotos: maxPhotos)
        let listed = found.photos.filter { !leftOut.contains($0.uri) }.map { (name: $0.name, uri: $0.uri) }
        let facts = ShareFolderFacts(folder: url.absoluteString, listed: found)
        let changed = before.map { facts.changed(since: $0) } ?? [:]
        return (inListingOrder ? merge(shown: shown, listed: listed, changed: changed) : mergeKeepingOrder(shown: shown, listed: listed, changed: changed), facts)
    }

    /// `listed` (name, URI) against the URIs shown, in another order than the listing's: the
    /// rows that stay in the order shown, then those that arrived; nil if nothing went or arrived.
    static func mergeKeepingOrder(shown: [String], listed: [(name: String, uri: String)], changed: [String: FileStamp] = [:]) -> FolderChange? {
        let byURI = Dictionary(listed.map { ($0.uri, $0) }, uniquingKeysWith: { first, _ in first })
        let before = Set(shown)
        let stayed = shown.compactMap { byURI[$0] }, arrived = listed.filter { !before.contains($0.uri) }
        return merge(shown: shown, listed: stayed + arrived, changed: changed)
    }

    /// `listed` (name, URI), in the order shown, against the URIs shown: nil if they are the
    /// same and none of them is `changed` (by URI: its file's new size and time).
    static func merge(shown: [String], listed: [(name: String, uri: String)], changed: [String: FileStamp] = [:]) -> FolderChange? {
        let now = Set(listed.map(\.uri)), before = Set(shown)
        let removed = shown.indices.filter { !now.contains(shown[$0]) }
        let inserted = listed.indices.filter { !before.contains(listed[$0].uri) }
        // Rows still there whose file changed: read again (their position after the change).
        let touched = listed.indices.filter { before.contains(listed[$0].uri) && changed[listed[$0].uri] != nil }
        guard !removed.isEmpty || !inserted.isEmpty || !touched.isEmpty else { return nil }
        let stamps = Dictionary(uniqueKeysWithValues: touched.map { ($0, changed[listed[$0].uri]!) })
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
        return FolderChange(removed: removed, inserted: inserted, changed: touched, rows: store, stamps: stamps)
    }
}
