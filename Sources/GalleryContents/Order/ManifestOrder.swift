// Why this exists: a manifest's rows sorted by name (the file manager's order of names) or put back in the manifest's own order, as one change that moves every row: the rows as the manifest gave them are kept, and where each row came from in them.
import PhotoFormats
import Foundation
import GLibIO
import PhotoDecoding

public struct ManifestOrder: Sendable {
    /// The rows in the manifest's own order.
    public let own: ManifestRowStore
    /// The row shown at each position: its index in `own`.
    public private(set) var shown: [Int]
    public private(set) var order = PhotoOrder(.own)

    public init(own: ManifestRowStore) {
        self.own = own
        shown = Array(0..<own.count)
    }

    /// Sort in `order` (own or name; blocking, a worker thread: a million names take a few
    /// seconds): the change that moves the rows, or nil when none moves.
    public mutating func sort(_ order: PhotoOrder) -> FolderChange? {
        self.order = order
        let target: [Int]
        if order.key == .name {
            let keys = (0..<own.count).map { DirectoryListing.sortKey(DisplayText.clean(own.rawName($0))) }
            target = Array(0..<own.count).sorted { a, b in
                if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) != order.descending }
                return a < b
            }
        } else {
            target = Array(0..<own.count)
        }
        return show(target)
    }

    /// Show the rows in `target`'s order (each position's index in `own`): the change that
    /// moves them there, or nil when none moves. `dates`: each row's date, in `target`'s order.
    mutating func show(_ target: [Int], dates: [RowDate]? = nil) -> FolderChange? {
        guard target != shown else { return nil }
        var positionOfOwn = [Int](repeating: 0, count: own.count)
        for (position, index) in target.enumerated() { positionOfOwn[index] = position }
        let moves = shown.map { positionOfOwn[$0] }
        shown = target
        var store = ManifestRowStore()
        let sink = RowSink(first: 65_536) { store.append($0) }
        for index in target { sink.add(name: own.rawName(index), url: own.rawURL(index)) }
        sink.flush()
        return FolderChange(moves: moves, rows: store, dates: dates)
    }

    /// Take `order` as the one shown (its rows are already where it puts them).
    mutating func take(_ order: PhotoOrder) { self.order = order }
}
