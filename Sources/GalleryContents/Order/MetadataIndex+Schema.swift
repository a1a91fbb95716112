// Why this exists: the metadata index's schema: made in a new file, and an existing file checked against it before anything of it runs, so that a file that only looks like ours is rebuilt, never used.
import SQLite

extension MetadataIndex {
    /// Why an existing index cannot be used as it is (nil: it can). Nothing of the file runs
    /// before this: a trigger or a view in a file that only looks like ours is never used.
    static func problem(_ database: Database) throws(SQLiteError) -> String? {
        // Whatever the file says, no function of its schema runs with this app's trust.
        try database.execute("PRAGMA trusted_schema = OFF")
        let id = try database.integer("PRAGMA application_id") ?? 0
        let version = try database.integer("PRAGMA user_version") ?? 0
        if id != applicationID { return "not Classic Photos' index" }
        if version != self.version { return "an index of another version" }
        // Exactly the tables and indexes `prepare` makes: no trigger, no view, nothing more.
        if try schema(of: database) != ownSchema { return "its schema is not Classic Photos' own" }
        // Its pages are checked as they are read: a damaged one fails a query as corrupt, and
        // the index is rebuilt then (`failed`); a whole check at each opening would cost more
        // than the reads it protects.
        return nil
    }

    /// Every object in a database's schema (type, name, table, SQL), in order.
    static func schema(of database: Database) throws(SQLiteError) -> [[String]] {
        let query = try database.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        var objects: [[String]] = []
        while try query.step() { objects.append((0..<4).map { query.text($0) ?? "" }) }
        return objects
    }

    /// The schema `prepare` makes, read from a new database in memory.
    static let ownSchema: [[String]] = (try? schema(of: create(":memory:"))) ?? []

    static func create(_ path: String) throws(SQLiteError) -> Database {
        let database = try Database(path: path)
        try prepare(database)
        return database
    }

    static func prepare(_ database: Database) throws(SQLiteError) {
        try database.execute("""
            PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;
            PRAGMA application_id = \(applicationID); PRAGMA user_version = \(version);
            CREATE TABLE IF NOT EXISTS photo (folder TEXT NOT NULL, name TEXT NOT NULL, size INTEGER NOT NULL,
                modified INTEGER NOT NULL, wall INTEGER, offset INTEGER, width INTEGER, height INTEGER, orientation INTEGER,
                camera TEXT, lens TEXT, located INTEGER, rating INTEGER, flag INTEGER, tags TEXT, used INTEGER NOT NULL, PRIMARY KEY (folder, name)) WITHOUT ROWID;
            CREATE INDEX IF NOT EXISTS photo_used ON photo(used);
            """)
    }
}
