// Why this exists: a folder gallery sorted again: by another order the user chose, or by date taken once its photos' dates are read; said as one FolderChange that moves every row, so each keeps its record, its image and its work.
import Foundation
import GLibIO

extension FolderContents {
    func precedes(_ a: Photo, _ b: Photo) -> Bool { order.precedes(a, b) }

    /// The key a display name sorts by (the file manager's).
    static func sortKey(_ name: String) -> [UInt8] { DirectoryListing.sortKey(name) }

    /// Sort in `order` from now on: nil when no photo moves.
    func reorder(_ order: PhotoOrder) -> FolderChange? {
        self.order = order
        let sorted = photos.sorted(by: precedes)
        return moved(to: sorted)
    }

    /// The photos whose date taken is not read yet: their names on disk, paths, sizes and times.
    func unreadDates() -> [DatedFile] {
        photos.compactMap { $0.taken == nil ? DatedFile(fileName: $0.fileName, path: folder + $0.fileName, size: $0.size, modified: $0.modified) : nil }
    }

    /// What was read of these photos' dates (by name on disk): the rows' new dates, and in an
    /// order by date, the rows moved where they now belong. Nil when none was listed.
    func learn(_ dates: [String: TakenDate]) -> FolderChange? {
        var learned = false
        for index in photos.indices {
            guard let date = dates[photos[index].fileName] else { continue }
            photos[index].taken = date
            learned = true
        }
        guard learned else { return nil }
        byName = nil
        if order.needsDates, let change = moved(to: photos.sorted(by: precedes)) { return change }
        return FolderChange(removed: [], inserted: [], changed: [], rows: rowStore(), dates: self.dates())
    }

    /// `sorted` (these photos in another order) made the listing: each row's new position.
    private func moved(to sorted: [Photo]) -> FolderChange? {
        var position: [String: Int] = [:]
        position.reserveCapacity(sorted.count)
        for (index, photo) in sorted.enumerated() { position[photo.fileName] = index }
        let moves = photos.map { position[$0.fileName] ?? -1 }
        let still = moves.enumerated().allSatisfy { $0.offset == $0.element }
        photos = sorted
        byName = nil
        if still { return nil }
        return FolderChange(moves: moves, rows: rowStore(), dates: dates())
    }

    /// Each row's date taken, in row order, once any is read (nil before: none to show).
    func dates() -> [RowDate]? {
        guard photos.contains(where: { $0.taken != nil }) else { return nil }
        return photos.map { RowDate(taken: $0.taken, modified: $0.modified) }
    }
}

/// A file whose date taken is to be read: where, and what its index entry is keyed by.
public struct DatedFile: Sendable, Equatable {
    public let fileName: String
    public let path: String
    public let size: Int64
    public let modified: Int64
}

/// What a row's tooltip says of its date: taken (or not read yet, or none), and modified.
public struct RowDate: Sendable, Equatable {
    public let taken: TakenDate?
    public let modified: Int64

    public init(taken: TakenDate?, modified: Int64) {
        self.taken = taken
        self.modified = modified
    }
}
