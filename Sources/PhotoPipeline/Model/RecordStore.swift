// Why this exists: a gallery's records, made when a row is first wanted and forgotten when an idle row unbinds, so a million-row gallery costs only its compact rows until someone scrolls.
import Foundation
import GalleryContents

/// Row index → PhotoRecord, lazily. A record exists while it is wanted (bound, working, failed
/// or holding an image); the rows' text lives in the compact ManifestRowStore meanwhile.
@MainActor
public final class RecordStore: @MainActor RandomAccessCollection {
    public private(set) var rows: ManifestRowStore
    /// Each row's date, in row order, once a folder's dates taken are read (nil before).
    public private(set) var dates: [RowDate]?
    let source: URL
    /// The user's own gallery: its rows may name files on this computer.
    let localFiles: Bool
    private var made: [Int: PhotoRecord] = [:]
    /// The same records by identity (a record's work finds it here wherever its row went).
    private var byID: [PhotoID: PhotoRecord] = [:]
    private var lastID: UInt64 = 0
    /// Each living record's row, for the operations' threads.
    public let directory = RowDirectory()
    /// Told about each record when it is made (the gallery traces rows that fail at once).
    var onMade: ((PhotoRecord) -> Void)?

    init(rows: ManifestRowStore, source: URL, localFiles: Bool) {
        self.rows = rows
        self.source = source
        self.localFiles = localFiles
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    public subscript(row: Int) -> PhotoRecord {
        if let record = made[row] { return record }
        lastID += 1
        let record = PhotoRecord(id: PhotoID(lastID), row: row, entry: entry(row))
        made[row] = record
        byID[record.id] = record
        directory.set(record.id, row)
        onMade?(record)
        return record
    }

    /// The row's entry (name, URL, problem), without making a record.
    public func entry(_ row: Int) -> ManifestEntry { rows.entry(row, manifest: source, localFiles: localFiles) }

    /// The record if it exists, without making one.
    public func existing(_ row: Int) -> PhotoRecord? { made[row] }

    /// The record of `id`, if it still lives (its photo still in the gallery, its record kept).
    public func existing(id: PhotoID) -> PhotoRecord? { byID[id] }

    /// The row of `id` now, if its record lives.
    public func row(of id: PhotoID) -> Int? { byID[id]?.row }

    /// Every record that exists now.
    public var existingRecords: Dictionary<Int, PhotoRecord>.Values { made.values }
    public var madeCount: Int { made.count }

    func append(_ batch: ManifestRows) { rows.append(batch) }

    /// The first row whose URL is `url` as written (a photo opened from the file manager, in its
    /// folder's rows: every row now, not only the first batch's).
    public func row(withURL url: String) -> Int? {
        (0..<rows.count).first { rows.rawURL($0) == url }
    }

    /// A folder changed: the rows after it, and each record moved to its row's new position
    /// (one whose photo went is left with row -1, its identity let go). The one place that
    /// follows positions: what is keyed by `PhotoID` stays as it is.
    func apply(_ change: FolderChange) {
        rows = change.rows
        dates = change.dates
        var moved: [Int: PhotoRecord] = [:]
        for (old, record) in made {
            if let position = change.position(of: old) {
                record.row = position
                moved[position] = record
            } else {
                record.row = -1
                byID[record.id] = nil
            }
        }
        made = moved
        directory.replace(with: Dictionary(uniqueKeysWithValues: moved.values.map { ($0.id, $0.row) }))
    }

    /// Drop a record that holds nothing the rows do not (the caller checks it is idle).
    func forget(_ row: Int) {
        if let record = made.removeValue(forKey: row) {
            byID[record.id] = nil
            directory.set(record.id, nil)
        }
    }
}
