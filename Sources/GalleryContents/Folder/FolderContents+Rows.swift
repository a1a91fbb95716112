// Why this exists: a folder gallery's photos as the rows the gallery shows (name and URL): the first batches as they are listed, and all of them as one store, written on the cores there are from each photo's folder's part and its own.
import Foundation

extension FolderContents {
    /// Every photo as rows (name: the display name; URL: the file's URI), in batches.
    func emitRows(_ batch: @escaping (ManifestRows) -> Void, first: Int = 256) {
        let sink = RowSink(first: first, emit: batch)
        for photo in photos { sink.add(name: photo.name, url: photo.uri) }
        sink.flush()
    }

    /// All the rows as one store (what a change hands the gallery).
    func rowStore() -> ManifestRowStore {
        // Batches of up to 65,536 rows, each sized once for its names and URIs, and written at
        // once on the cores there are (past 20,000 rows, at least two batches).
        let size = photos.count >= 20_000 ? min(65_536, (photos.count + 1) / 2) : 65_536
        let starts = Array(stride(from: 0, to: photos.count, by: size))
        let photos = self.photos
        let batches = ParallelResults.map(parts: starts.count) { part in
            let start = starts[part], end = min(photos.count, start + size)
            var total = 0
            for index in start..<end {
                let names = photos[index].names
                total += names.place.display.utf8.count + names.shown.utf8.count + names.place.uri.utf8.count + names.link.utf8.count
            }
            // Each row's name and URL written from its folder's part and its own: no string made.
            return ManifestRows(count: end - start, byteCount: total) {
                let names = photos[start + $0].names
                return (names.place.display, names.shown, names.place.uri, names.link)
            }
        }
        var store = ManifestRowStore()
        for batch in batches { store.append(batch) }
        return store
    }
}
