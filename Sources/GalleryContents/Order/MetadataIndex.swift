// Why this exists: what the photos' metadata said, kept between runs in SQLite (WAL) in the app's cache folder, keyed by each file's folder, name, size and modification time, so that sorting a folder by date a second time reads no photo; bounded, and rebuilt (never trusted, never fatal) when corrupt, locked or not ours.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import SQLite
import MetadataValues
import PhotoFetching
import PhotoTrace

public final class MetadataIndex: Sendable {
    /// "CPMI": the file is ours (SQLite's application_id).
    static let applicationID: Int64 = 0x4350_4D49
    static let version: Int64 = 3
    /// The most photos kept; past it, those read longest ago go first.
    public static let standardLimit = 200_000

    /// How the index opened: as it was, rebuilt (and why), or only in memory for this run (and why).
    public enum Opening: Sendable, Equatable {
        case opened, created
        case rebuilt(String)
        case inMemory(String)
    }

    /// The index at `path` (nil: in memory only), opened when first used (off the main loop).
    public init(path: String?, limit: Int = standardLimit, trace: Trace) {
        connection = Locked(Connection(limit: limit, path: path, trace: trace))
    }

    /// The app's index, in its cache folder (in memory when that folder cannot be used).
    public convenience init(folders: CacheFolders, trace: Trace) {
        self.init(path: CacheFolders.makeFolder(folders.app) ? folders.app + "/metadata-index.sqlite" : nil, trace: trace)
    }

    /// How it opened: as it was, rebuilt (and why), or only in memory for this run (and why).
    public var opening: Opening { connection.withLock { $0.openOnce(); return $0.openedAs } }

    /// Forget everything it holds (Clear Cache): the rows deleted with their bytes zeroed
    /// (secure_delete), and the write-ahead log, which still held them, checkpointed and cut to nothing.
    public func removeAll() { connection.withLock { $0.removeAll() } }

    /// The facts kept for these files, by path: only where the size and time still match.
    public func facts(of files: [DatedFile]) -> [String: PhotoFacts] {
        var found: [String: PhotoFacts] = [:]
        connection.withLock { $0.scan(files, columns: "wall, offset, width, height, orientation, camera, lens, located, rating, flag, tags") { row, file in
            func integer(_ column: Int32) -> Int? { row.isNull(column) ? nil : Int(truncatingIfNeeded: row.integer(column)) }
            var facts = PhotoFacts()
            facts.wallSeconds = row.isNull(3) ? nil : row.integer(3)
            facts.offsetMinutes = integer(4)
            facts.width = integer(5)
            facts.height = integer(6)
            facts.orientation = integer(7)
            facts.camera = row.text(8)
            facts.lens = row.text(9)
            facts.located = row.isNull(10) ? nil : row.integer(10) != 0
            facts.marks = Self.marks(rating: integer(11), flag: integer(12), tags: row.text(13))
            // What a file says is checked again: the index is a cache, not a witness.
            found[file.path] = facts.checked()
        } }
        return found
    }

    /// The marks kept in the index's three columns (nil: none).
    static func marks(rating: Int?, flag: Int?, tags: String?) -> PhotoMarks? {
        guard rating != nil || flag != nil || tags != nil else { return nil }
        let flags: [PhotoMarks.Flag] = [.none, .pick, .reject]
        return PhotoMarks(rating: rating ?? 0, flag: flag.flatMap { flags.indices.contains($0) ? flags[$0] : nil } ?? .none,
                          tags: tags.map { $0.split(separator: "\n").map(String.init) } ?? [])
    }

    /// Only the dates taken kept for these files, by name on disk (what a sort needs, read faster).
    public func dates(of files: [DatedFile]) -> [String: TakenDate] {
        var found: [String: TakenDate] = [:]
        found.reserveCapacity(files.count)
        connection.withLock { $0.scan(files, columns: "wall, offset") { row, file in
            var facts = PhotoFacts()
            facts.wallSeconds = row.isNull(3) ? nil : row.integer(3)
            facts.offsetMinutes = row.isNull(4) ? nil : Int(truncatingIfNeeded: row.integer(4))
            found[file.fileName] = facts.checkedDate().taken
        } }
        return found
    }

    /// Keep what was read of these files (the oldest dropped past the limit).
    public func store(_ entries: [(DatedFile, PhotoFacts)]) {
        guard !entries.isEmpty else { return }
        connection.withLock { $0.store(entries) }
    }

    /// How many photos it holds.
    public var count: Int { connection.withLock { $0.count() } }

    /// The connection and what it knows, used only under the lock (one thread at a time), which
    /// SQLite's no-mutex connection needs.
    private let connection: Locked<Connection>

    private struct Connection {
        var database: Database?
        var openedAs: Opening = .created
        let limit: Int
        let path: String?
        /// Where how it opened is said.
        let trace: Trace

        var isOpen = false
        /// At least how many photos it holds (counted at opening, then added to).
        var stored = 0
        /// Open on first use (under the lock), and say how in the trace.
        mutating func openOnce() {
            guard !isOpen else { return }
            isOpen = true
            open()
            let (state, reason): (String, String?) = switch openedAs {
            case .opened: ("opened", nil)
            case .created: ("created", nil)
            case .rebuilt(let why): ("rebuilt", why)
            case .inMemory(let why): ("in-memory", why)
            }
            trace.emit(.metadataIndex(state: state, reason: reason))
        }

        /// Forget everything it holds (Clear Cache): the rows deleted with their bytes zeroed
        /// (secure_delete), and the write-ahead log, which still held them, checkpointed and cut to nothing.
        mutating func removeAll() {
            openOnce()
            try? database?.execute("PRAGMA secure_delete = ON; DELETE FROM photo; PRAGMA wal_checkpoint(TRUNCATE);")
        }

        private mutating func open() {
            guard let path else {
                database = try? MetadataIndex.create(":memory:")
                return
            }
            let existed = FileManager.default.fileExists(atPath: path)
            do throws(SQLiteError) {
                let database = try Database(path: path)
                if existed, let problem = try MetadataIndex.problem(database) {
                    self.database = nil
                    rebuild(problem)
                    return
                }
                try MetadataIndex.prepare(database)
                stored = Int(try database.integer("SELECT count(*) FROM photo") ?? 0)
                self.database = database
                openedAs = existed ? .opened : .created
            } catch {
                if error.isBusy {
                    // Another copy of the app writes to it: this run keeps its own, in memory.
                    database = try? MetadataIndex.create(":memory:")
                    openedAs = .inMemory(error.message)
                } else {
                    rebuild(error.message)
                }
            }
        }

        /// Delete the file (and its journal) and start a new one; in memory when that fails.
        private mutating func rebuild(_ reason: String) {
            guard let path else { return }
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            if let database = try? MetadataIndex.create(path) {
                self.database = database
                openedAs = .rebuilt(reason)
            } else {
                database = try? MetadataIndex.create(":memory:")
                openedAs = .inMemory(reason)
            }
        }

        /// Each kept row of these files whose size and time still match, handed to `row` with its
        /// file (columns from 3 on: `columns`). A folder's rows are read in one range of the key,
        /// not one query a photo.
        mutating func scan(_ files: [DatedFile], columns: String, row: (Database.Statement, DatedFile) -> Void) {
            do {
                openOnce()
                guard let database, !files.isEmpty else { return }
                var folders: [String: [String: DatedFile]] = [:]
                for file in files { folders[file.folder, default: [:]][file.fileName] = file }
                do throws(SQLiteError) {
                    let query = try database.prepare("SELECT name, size, modified, \(columns) FROM photo WHERE folder = ?1")
                    for (folder, wanted) in folders {
                        try query.bind([folder])
                        while try query.step() {
                            guard let name = query.text(0), let file = wanted[name], query.integer(1) == file.size, query.integer(2) == file.modified else { continue }
                            row(query, file)
                        }
                    }
                } catch {
                    failed(error)
                }
            }
        }

        /// Keep what was read of these files (the oldest dropped past the limit).
        mutating func store(_ entries: [(DatedFile, PhotoFacts)]) {
            do {
                openOnce()
                guard let database else { return }
                do throws(SQLiteError) {
                    let insert = try database.prepare("""
                        INSERT OR REPLACE INTO photo (folder, name, size, modified, wall, offset, width, height, orientation, camera,
                            lens, located, rating, flag, tags, used)
                        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
                        """)
                    let now = Int64(Date().timeIntervalSince1970 * 1000)
                    try database.execute("BEGIN")
                    for (file, facts) in entries {
                        let marks = facts.marks
                        let flag: Int? = marks.map { [.none, .pick, .reject].firstIndex(of: $0.flag) ?? 0 }
                        try insert.bind([file.folder, file.fileName, file.size, file.modified, facts.wallSeconds, facts.offsetMinutes, facts.width, facts.height,
                                         facts.orientation, facts.camera, facts.lens, facts.located.map { $0 ? 1 : 0 }, marks?.rating, flag,
                                         marks.map { $0.tags.joined(separator: "\n") }, now])
                        try insert.step()
                    }
                    try database.execute("COMMIT")
                    // Counted again only when what was added could have passed the limit.
                    stored += entries.count
                    if stored > limit {
                        let count = try database.integer("SELECT count(*) FROM photo") ?? 0
                        if count > limit {
                            try database.execute("DELETE FROM photo WHERE (folder, name) IN (SELECT folder, name FROM photo ORDER BY used LIMIT \(count - Int64(limit)))")
                        }
                        stored = Int(min(count, Int64(limit)))
                    }
                } catch {
                    try? database.execute("ROLLBACK")
                    failed(error)
                }
            }
        }

        /// How many photos it holds.
        mutating func count() -> Int { openOnce(); return (try? database?.integer("SELECT count(*) FROM photo")).flatMap { $0 }.map(Int.init) ?? 0 }

        /// A failure while in use: a damaged file is rebuilt; anything else leaves the index as it is.
        private mutating func failed(_ error: SQLiteError) {
            guard error.isCorrupt else { return }
            database = nil
            rebuild(error.message)
        }
    }
}
