// Why this exists: one batch of changes to a gallery, as row positions: which rows went (old positions), which arrived (new positions), which changed, and where every other row moved (or, for a new order, where each row moved); the gallery, the list and the viewer each follow it.
import Foundation

public struct FolderChange: Sendable {
    /// Rows that went, by their position before the change (ascending).
    public let removed: [Int]
    /// Rows that arrived, by their position after it (ascending).
    public let inserted: [Int]
    /// Rows whose file is still there but may hold another photo now, by their position after the change.
    public let changed: [Int]
    /// Every row after the change.
    public let rows: ManifestRowStore
    /// A new order: each row's position after it, by its position before (nothing went or
    /// arrived); nil for any other change.
    public let moves: [Int]?
    /// Each row's date, in row order, once the folder's dates are read (nil: none read).
    public let dates: [RowDate]?
    /// Each changed row's file as the watcher found it (by its position after the change).
    public let stamps: [Int: FileStamp]
    /// Each JPEG's RAW companion after the change, by their paths (`FolderContents+Pairs`); nil: as before.
    public let companions: [String: String]?

    public init(removed: [Int], inserted: [Int], changed: [Int], rows: ManifestRowStore, dates: [RowDate]? = nil, stamps: [Int: FileStamp] = [:],
                companions: [String: String]? = nil) {
        self.removed = removed
        self.inserted = inserted
        self.changed = changed
        self.rows = rows
        self.moves = nil
        self.dates = dates
        self.stamps = stamps
        self.companions = companions
    }

    /// The same rows in another order: `moves[old]` is the row's position after.
    public init(moves: [Int], rows: ManifestRowStore, dates: [RowDate]? = nil) {
        self.removed = []
        self.inserted = []
        self.changed = []
        self.rows = rows
        self.moves = moves
        self.dates = dates
        self.stamps = [:]
        self.companions = nil
    }

    public var count: Int { rows.count }

    /// Where the row at `old` is after the change; nil if it went.
    public func position(of old: Int) -> Int? {
        if let moves { return old >= 0 && old < moves.count && moves[old] >= 0 ? moves[old] : nil }
        let gone = Self.countBelow(old + 1, in: removed)
        if gone > 0, removed[gone - 1] == old { return nil }
        // Its rank among the rows that stayed: it is at the (rank + 1)th position that no arrival
        // took, the first where the positions up to it, less the arrivals among them, reach
        // rank + 1. Found by halving (stepping arrival by arrival took 100,000 steps for a row
        // below 100,000 arrivals, on the main loop).
        let rank = old - gone
        var low = rank, high = rank + inserted.count
        while low < high {
            let middle = (low + high) / 2
            if middle + 1 - Self.countBelow(middle + 1, in: inserted) > rank { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Where the row at `old` is after the change, or, if it went, the row that took its place
    /// (the next one that stayed, else the one before): where a viewer showing it goes.
    public func neighbour(of old: Int) -> Int? {
        guard count > 0 else { return nil }
        let oldCount = count - inserted.count + removed.count
        for candidate in old..<max(old, oldCount) { if let position = position(of: candidate) { return position } }
        for candidate in stride(from: min(old, oldCount) - 1, through: 0, by: -1) { if let position = position(of: candidate) { return position } }
        return 0
    }

    /// The runs of consecutive positions in `positions` (ascending): (first, length).
    public static func runs(_ positions: [Int]) -> [(start: Int, length: Int)] {
        var runs: [(start: Int, length: Int)] = []
        for position in positions {
            if let last = runs.last, last.start + last.length == position {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((position, 1))
            }
        }
        return runs
    }

    /// How many of `sorted` are below `value`.
    private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
