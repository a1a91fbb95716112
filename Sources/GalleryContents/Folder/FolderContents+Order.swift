// Why this exists: a folder gallery sorted again: by another order the user chose, or by date taken once its photos' dates are read; said as one FolderChange that moves every row, so each keeps its record, its image and its work.
import PhotoFormats
import Foundation
import GLibIO
import PhotoDecoding
import PhotoTrace

extension FolderContents {
    func precedes(_ a: Photo, _ b: Photo) -> Bool { order.precedes(a, b) }

    /// Sort in `order` from now on: nil when no photo moves.
    func reorder(_ order: PhotoOrder) -> FolderChange? {
        if order.needsTimes { fillTimes() }
        absorbDates()
        self.order = order
        let sorted = photos.sorted(by: order)
        return moved(to: sorted)
    }

    /// The photos whose date taken is not read yet: their names on disk, paths, sizes and times.
    func unreadDates() -> [DatedFile] {
        fillTimes()
        return files(photos.filter { $0.taken == nil && unsettled[$0.fileName] == nil })
    }

    /// The size and time of each photo listed without them (a folder listed by name), read now
    /// (blocking: the watcher's queue): what sorting by them, the index's keys and the tooltip's
    /// date need. A photo whose file went keeps 0 (its removal is on its way).
    func fillTimes() {
        guard lacksTimes else { return }
        lacksTimes = false
        var info = stat()
        for index in photos.indices where photos[index].modified == 0 {
            guard stat(folder + photos[index].fileName, &info) == 0 else { continue }
            photos[index].size = max(0, Int64(info.st_size))
            photos[index].modified = FileTime.microseconds(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        }
        // The index by name holds copies: made again when next needed.
        byName = nil
    }

    private func files(_ photos: [Photo]) -> [DatedFile] {
        photos.map { DatedFile(fileName: $0.fileName, path: folder + $0.fileName, size: $0.size, modified: $0.modified) }
    }

    /// `photos` (found by the listing, not yet sorted in) with the dates `known` has of them: a
    /// folder sorted by date whose dates the index holds is listed in its order at once.
    func dated(_ photos: [Photo], known: ([DatedFile]) -> [String: TakenDate], trace: Trace) -> [Photo] {
        guard order.needsDates, !photos.isEmpty else { return photos }
        let started = Date()
        let dates = known(files(photos))
        guard !dates.isEmpty else { return photos }
        trace.emit(.datesRead(fromIndex: dates.count, fromFiles: 0, ms: Date().timeIntervalSince(started) * 1000))
        return photos.map { photo in
            var photo = photo
            photo.taken = dates[photo.fileName]
            return photo
        }
    }

    /// What was read of these photos' dates (by name on disk), kept: nothing moves until
    /// `settle`. False when none of them is listed. (Kept aside, then given to the photos in one
    /// pass: a batch of 32 dates does not walk 10,000 photos.)
    @discardableResult
    func learn(_ dates: [String: TakenDate]) -> Bool {
        indexNames()
        var learned = false
        for (name, date) in dates where byName?[name] != nil {
            unsettled[name] = date
            learned = true
        }
        return learned
    }

    /// The dates learned given to their photos, as they are sorted again (a photo's date only
    /// changes with its place, or the binary search by place would lose it).
    func absorbDates() {
        guard !unsettled.isEmpty else { return }
        for index in photos.indices {
            if let date = unsettled[photos[index].fileName] { photos[index].taken = date }
        }
        unsettled = [:]
        byName = nil
    }

    /// The dates learned take effect: the rows' new dates, and in an order by date, the rows
    /// moved where they now belong (one change, not one a batch of dates).
    func settle() -> FolderChange {
        absorbDates()
        if order.needsDates, let change = moved(to: photos.sorted(by: order)) { return change }
        return FolderChange(removed: [], inserted: [], changed: [], rows: rowStore(), dates: dates())
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
        fillTimes()
        return photos.map { RowDate(taken: $0.taken, modified: $0.modified) }
    }
}

/// A file whose date taken is to be read: where, and what its index entry is keyed by.
public struct DatedFile: Sendable, Equatable {
    public let fileName: String
    public let path: String
    public let size: Int64
    public let modified: Int64
    /// The folder it is in, as the index keys it: its path without its name (a share's file,
    /// whose URI escapes its name, gives its folder's URI).
    public let folder: String

    public init(fileName: String, path: String, folder: String? = nil, size: Int64, modified: Int64) {
        self.fileName = fileName
        self.path = path
        self.folder = folder ?? String(path.dropLast(fileName.count + 1))
        self.size = size
        self.modified = modified
    }
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
