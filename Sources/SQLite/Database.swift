// Why this exists: SQLite as owned Swift types, covering only what the metadata index uses: a database opened (and closed) with a busy timeout, statements prepared, bound, stepped and finalized, and every failure as a thrown error with SQLite's words.
import CSQLite
import Foundation

public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public var description: String { message }
    /// The file is not a database, or its pages are damaged.
    public var isCorrupt: Bool { code & 0xff == SQLITE_CORRUPT || code & 0xff == SQLITE_NOTADB }
    /// Another connection holds a lock the timeout did not outlast.
    public var isBusy: Bool { code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED }
}

/// One connection, used by one thread at a time (the caller serialises).
/// (@unchecked Sendable: a no-mutex SQLite connection: its user keeps it to one thread at a time (the metadata index, under its lock).)
public final class Database: @unchecked Sendable {
    private var handle: OpaquePointer?

    /// Open (creating it if missing) the database at `path`; ":memory:" for one in memory.
    public init(path: String, busyMilliseconds: Int32 = 200) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open the database"
            sqlite3_close(opened)
            throw SQLiteError(code: code, message: message)
        }
        handle = opened
        sqlite3_busy_timeout(opened, busyMilliseconds)
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    private func failure(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed")
    }

    /// Run `sql` (one or more statements, no results).
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else { throw SQLiteError(code: code, message: message.map { String(cString: $0) } ?? "failed") }
    }

    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return Statement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer (nil: no row).
    public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.integer(0)
    }

    public final class Statement {
        private let pointer: OpaquePointer
        private let database: Database

        init(_ pointer: OpaquePointer, database: Database) {
            self.pointer = pointer
            self.database = database
        }

        deinit { sqlite3_finalize(pointer) }

        /// Parameters bound by position (from 1): Int64, Double, String or nil.
        public func bind(_ values: [Any?]) throws(SQLiteError) {
            sqlite3_reset(pointer)
            sqlite3_clear_bindings(pointer)
            for (index, value) in values.enumerated() {
                let position = Int32(index + 1)
                let code: Int32 = switch value {
                case let value as Int64: sqlite3_bind_int64(pointer, position, value)
                case let value as Int: sqlite3_bind_int64(pointer, position, Int64(value))
                case let value as Double: sqlite3_bind_double(pointer, position, value)
                // SQLITE_TRANSIENT: SQLite copies the text.
                case let value as String: sqlite3_bind_text(pointer, position, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
                default: sqlite3_bind_null(pointer, position)
                }
                guard code == SQLITE_OK else { throw database.failure(code) }
            }
        }

        /// The next row: true with one, false at the end.
        @discardableResult
        public func step() throws(SQLiteError) -> Bool {
            let code = sqlite3_step(pointer)
            if code == SQLITE_ROW { return true }
            if code == SQLITE_DONE { return false }
            throw database.failure(code)
        }

        public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
        public func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
        public func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }
        public func text(_ column: Int32) -> String? { sqlite3_column_text(pointer, column).map { String(cString: $0) } }
    }
}
