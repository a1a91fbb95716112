// Why this exists: the dates taken read from a photo's first bytes (a JPEG's Exif segment found by its markers, the date and its offset parsed, nonsense dropped) and the index that keeps them: found again only for the same size and time, bounded, and rebuilt, never trusted, when corrupt or not ours.
import PhotoFormats
import DecodeHelper
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import SQLite
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import GalleryContents

final class MetadataIndexTests: XCTestCase {
    func testDatesAndOffsetsAreParsedAndNonsenseIsDropped() {
        XCTAssertEqual(PhotoFacts.wallSeconds("1970:01:02 00:00:01"), 86_401)
        XCTAssertEqual(PhotoFacts.wallSeconds("2019:07:14 18:32:05"), 1_563_129_125)
        XCTAssertNil(PhotoFacts.wallSeconds("0000:00:00 00:00:00"))
        XCTAssertNil(PhotoFacts.wallSeconds("2019:13:14 18:32:05"))
        XCTAssertNil(PhotoFacts.wallSeconds("    :  :     :  :  "))
        XCTAssertEqual(PhotoFacts.offsetMinutes("+02:00"), 120)
        XCTAssertEqual(PhotoFacts.offsetMinutes("-05:30"), -330)
        XCTAssertNil(PhotoFacts.offsetMinutes("+25:00"))
        var facts = PhotoFacts()
        facts.wallSeconds = 1_563_129_125
        facts.offsetMinutes = 120
        facts.orientation = 9
        facts.width = -3
        XCTAssertEqual(facts.checked().orientation, nil)
        XCTAssertEqual(facts.checked().width, nil)
        XCTAssertEqual(facts.taken, .exif(seconds: 1_563_129_125 - 7_200, hasOffset: true))
    }

    func testAJPEGsDateIsReadFromItsFirstBytes() throws {
        let folder = TemporaryFiles.url("facts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = try TestDetails.photo("jpg", in: folder)
        let prefix = try XCTUnwrap(PhotoFacts.prefix(ofFile: photo.path))
        XCTAssertNotNil(PhotoFacts.jpegExif(prefix))
        let facts = try XCTUnwrap(PhotoFacts.readHere(prefix, parsers: LinkedParsers.libraries))
        XCTAssertEqual(facts.wallSeconds, 1_563_129_125)
        XCTAssertEqual(facts.offsetMinutes, 120)
        XCTAssertEqual(facts.camera, "Canon Canon EOS 5D Mark IV")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: photo.path)[.size] as? Int)
        XCTAssertEqual(prefix.count, min(size, PhotoFacts.firstBytes), "a small Exif segment: the first bytes only")
        // A JPEG cut before its Exif segment ends says nothing (no half-read tags).
        XCTAssertNil(PhotoFacts.jpegExif(prefix.prefix(40)))
        // An Exif segment longer than the first bytes (a long comment in it) is read to its end.
        let long = folder.appendingPathComponent("long.jpg")
        try FileManager.default.copyItem(at: photo, to: long)
        XCTAssertEqual(try Exiftool.run(["-q", "-overwrite_original", "-UserComment=" + String(repeating: "x", count: 40_000)], long.path).status, 0)
        let longPrefix = try XCTUnwrap(PhotoFacts.prefix(ofFile: long.path))
        XCTAssertGreaterThan(longPrefix.count, 40_000)
        XCTAssertEqual(PhotoFacts.readHere(longPrefix, parsers: LinkedParsers.libraries)?.wallSeconds, 1_563_129_125)
        // The batch as the app reads it (no helper pool here: in this process).
        let read = PhotoFacts.read(paths: [photo.path, folder.path + "/missing.jpg"], by: .here, cancellable: nil)
        XCTAssertEqual(read.first??.wallSeconds, 1_563_129_125)
        XCTAssertEqual(read.count, 2)
        XCTAssertNil(read[1])
    }

    func file(_ name: String, size: Int64 = 10, modified: Int64 = 20) -> DatedFile {
        DatedFile(fileName: name, path: "/photos/" + name, size: size, modified: modified)
    }

    func testTheIndexFindsAFileAgainOnlyUnchanged() {
        let path = TemporaryFiles.url("index-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        var facts = PhotoFacts()
        facts.wallSeconds = 1_000
        facts.offsetMinutes = 60
        facts.camera = "Canon"
        MetadataIndex(path: path, trace: Trace()).store([(file("a.jpg"), facts), (file("b.jpg"), PhotoFacts())])
        let index = MetadataIndex(path: path, trace: Trace())
        XCTAssertEqual(index.opening, .opened)
        let found = index.facts(of: [file("a.jpg"), file("b.jpg"), file("c.jpg")])
        XCTAssertEqual(found["/photos/a.jpg"], facts)
        XCTAssertEqual(found["/photos/b.jpg"], PhotoFacts())
        XCTAssertNil(found["/photos/c.jpg"])
        // Another size or time: another photo.
        XCTAssertTrue(index.facts(of: [file("a.jpg", size: 11), file("b.jpg", modified: 21)]).isEmpty)
    }

    func testTheIndexKeepsAtMostItsLimitDroppingTheOldest() {
        let index = MetadataIndex(path: nil, limit: 3, trace: Trace())
        for name in ["1", "2", "3", "4", "5"] {
            index.store([(file(name), PhotoFacts())])
            usleep(2_000)
        }
        XCTAssertEqual(index.count, 3)
        XCTAssertEqual(Set(index.facts(of: ["1", "2", "3", "4", "5"].map { file($0) }).keys), ["/photos/3", "/photos/4", "/photos/5"])
    }

    func testACorruptOrForeignIndexIsRebuilt() throws {
        let path = TemporaryFiles.url("index-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        MetadataIndex(path: path, trace: Trace()).store([(file("a.jpg"), PhotoFacts())])
        // Pages overwritten with noise.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 4096))
        try handle.close()
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        let rebuilt = MetadataIndex(path: path, trace: Trace())
        guard case .rebuilt = rebuilt.opening else { return XCTFail("\(rebuilt.opening)") }
        XCTAssertTrue(rebuilt.facts(of: [file("a.jpg")]).isEmpty)
        rebuilt.store([(file("b.jpg"), PhotoFacts())])
        XCTAssertEqual(MetadataIndex(path: path, trace: Trace()).facts(of: [file("b.jpg")]).count, 1)
        // Another program's database in its place.
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try Database(path: path).execute("CREATE TABLE photo (path TEXT, size INTEGER); PRAGMA application_id = 42;")
        let foreign = MetadataIndex(path: path, trace: Trace())
        XCTAssertEqual(foreign.opening, .rebuilt("not Classic Photos' index"))
    }

    /// A file that looks like our index (its id, version, table and index) but has a trigger
    /// that would pin a core on every write, or a view: it is rebuilt, and nothing of it runs.
    func testAnIndexWithATriggerOrAViewIsRebuilt() throws {
        let path = TemporaryFiles.url("index-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        for extra in ["CREATE TRIGGER spin AFTER INSERT ON photo BEGIN SELECT count(*) FROM photo a, photo b, photo c, photo d, photo e, photo f; END;",
                      "CREATE VIEW recent AS SELECT * FROM photo;"] {
            for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
            MetadataIndex(path: path, trace: Trace()).store([(file("a.jpg"), PhotoFacts())])
            try Database(path: path).execute(extra)
            let index = MetadataIndex(path: path, trace: Trace())
            XCTAssertEqual(index.opening, .rebuilt("its schema is not Classic Photos' own"), extra)
            index.store([(file("b.jpg"), PhotoFacts())])
            XCTAssertEqual(try MetadataIndex.schema(of: Database(path: path)), MetadataIndex.ownSchema, "nothing of it is left")
        }
    }

    /// An index whose offset is Int.min (abs traps on it) or whose date is out of every range:
    /// read as no offset, no date; the folder opens.
    func testHostileNumbersInTheIndexAreDropped() throws {
        let path = TemporaryFiles.url("index-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        var facts = PhotoFacts()
        facts.wallSeconds = 1_562_000_000
        facts.offsetMinutes = 120
        MetadataIndex(path: path, trace: Trace()).store([(file("a.jpg"), facts), (file("b.jpg"), facts)])
        try Database(path: path).execute("""
            UPDATE photo SET offset = -9223372036854775808 WHERE name = 'a.jpg';
            UPDATE photo SET wall = -9223372036854775808, offset = 9223372036854775807, width = -1, orientation = 9223372036854775807 WHERE name = 'b.jpg';
            """)
        let index = MetadataIndex(path: path, trace: Trace())
        let read = index.facts(of: [file("a.jpg"), file("b.jpg")])
        XCTAssertEqual(read["/photos/a.jpg"]?.offsetMinutes, nil)
        XCTAssertEqual(read["/photos/a.jpg"]?.wallSeconds, 1_562_000_000)
        XCTAssertEqual(read["/photos/b.jpg"], PhotoFacts())
        let dates = index.dates(of: [file("a.jpg"), file("b.jpg")])
        XCTAssertEqual(dates["b.jpg"], TakenDate.none)
        XCTAssertNotNil(dates["a.jpg"])
        var raw = PhotoFacts()
        raw.wallSeconds = Int64.min
        raw.offsetMinutes = Int.min
        XCTAssertEqual(raw.taken, TakenDate.none, "an unchecked value is checked where it is used")
    }

    /// Clear Cache: no photo's path is left in the index's files, the write-ahead log included.
    func testClearingLeavesNoPathInTheFiles() throws {
        let path = TemporaryFiles.url("index-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
        let index = MetadataIndex(path: path, trace: Trace())
        index.store((0..<50).map { (DatedFile(fileName: "IMG_\($0).jpg", path: "/home/someone/Secret Trip/IMG_\($0).jpg", size: 1000, modified: 1), PhotoFacts()) })
        index.removeAll()
        for suffix in ["", "-wal", "-shm"] {
            let bytes = FileManager.default.contents(atPath: path + suffix) ?? Data()
            XCTAssertNil(bytes.range(of: Data("Secret Trip".utf8)), "the path is gone from \(suffix.isEmpty ? "the database" : suffix)")
        }
        XCTAssertEqual(index.count, 0)
    }
}
