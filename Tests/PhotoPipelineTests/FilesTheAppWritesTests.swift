// Why this exists: what the app writes cannot be turned against it on a shared machine: the session trace is a new file in a private folder (never an existing file or a planted symlink), a file written whole replaces its target only once complete and never removes a folder in the way, and the caches use only folders the user owns that no one else may write, never reaching out of them (each test fails with its rule taken out).
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class FilesTheAppWritesTests: XCTestCase {
    func folder() throws -> String {
        let path = TemporaryFiles.url("writes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o777
    }

    /// No XDG_RUNTIME_DIR: the session trace goes to a new folder of its own (0700) in the
    /// temporary folder, as a new file (0600); a symlink planted where an old name would have
    /// been is never written through.
    func testTheSessionTraceIsANewPrivateFile() throws {
        let base = try folder()
        let victim = base + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        // The name the app used to write to, planted as a symlink to the victim.
        symlink(victim, base + "/classic-photos-trace-\(getpid()).jsonl")
        let writer = Trace()
        defer { writer.close() }
        let trace = try XCTUnwrap(SessionTrace.start(in: writer, environment: ["TMPDIR": base]), "a session trace")
        XCTAssertTrue(trace.folder.hasPrefix(base + "/classic-photos-"), trace.folder)
        XCTAssertEqual(mode(trace.folder), 0o700, "a private folder")
        XCTAssertEqual(mode(trace.path), 0o600, "a private file")
        writer.emit(.scrollBegin)
        writer.flush()
        XCTAssertTrue(try String(contentsOfFile: trace.path, encoding: .utf8).contains("scroll-begin"))
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious", "nothing was written through a symlink")
        trace.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: trace.folder), "removed at exit")
    }

    /// `--trace FILE`: a new file is private (0600), a symlink planted at the name is not written
    /// through (the open is refused), and a write that fails stops the trace without ending the app.
    func testTheNamedTraceIsPrivateNeverASymlinkAndAFailedWriteStopsIt() throws {
        let base = try folder()
        let trace = Trace()
        try trace.open(path: base + "/named.jsonl")
        XCTAssertEqual(mode(base + "/named.jsonl"), 0o600)
        trace.close()
        let victim = base + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        symlink(victim, base + "/planted.jsonl")
        XCTAssertThrowsError(try trace.open(path: base + "/planted.jsonl"), "a symlink at the name is refused")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious")

        // Another user's file (say, planted in a shared folder) is refused and left as it was.
        let theirs = base + "/theirs.jsonl"
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: theirs))
        XCTAssertEqual(chown(theirs, 4242, 4242), 0)
        XCTAssertThrowsError(try trace.open(path: theirs), "another user's file is refused") { error in
            XCTAssertTrue("\(error)".contains("it is another user's file"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: theirs, encoding: .utf8), "theirs\n")

        try trace.open(path: "/dev/full")
        trace.emit(.scrollBegin)
        trace.flush()
        XCTAssertFalse(trace.isEnabled, "a failed write stops the trace")
        trace.emit(.scrollEnd(visible: [0, 1]))
        trace.flush()
    }

    /// The session trace lives in memory-backed storage: past its size its older half is moved
    /// aside (the one before goes), so it never holds more than twice that; Export reads both.
    func testTheSessionTraceKeepsUnderItsSize() throws {
        let base = try folder()
        let path = base + "/session.jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        let trace = Trace()
        trace.open(fd: fd, path: path, sizeLimit: 4_096)
        defer { trace.close() }
        for _ in 0..<2_000 { trace.emit(.scrollBegin) }
        trace.flush()
        let sizes = trace.paths.map { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? 0 }
        XCTAssertEqual(trace.paths, [path + ".1", path], "the older half beside the file")
        XCTAssertTrue(sizes.allSatisfy { $0 <= 4_096 }, "each under the size: \(sizes)")
        XCTAssertTrue(try String(contentsOfFile: path + ".1", encoding: .utf8).hasSuffix("}\n"), "whole lines")
    }

    func testWithARuntimeFolderTheTraceGoesThere() throws {
        let runtime = try folder()
        let writer = Trace()
        defer { writer.close() }
        let trace = try XCTUnwrap(SessionTrace.start(in: writer, environment: ["XDG_RUNTIME_DIR": runtime]))
        XCTAssertTrue(trace.folder.hasPrefix(runtime + "/classic-photos-"), trace.folder)
        trace.remove()
    }

    /// Written aside and renamed: a folder at the target is never removed, and a failure
    /// leaves what was there.
    func testAFileWrittenWholeNeverRemovesAFolderOrHalfAFile() throws {
        let base = try folder()
        let file = base + "/exported.jsonl"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        XCTAssertNoThrow(try AtomicFile.write(Data("new".utf8), to: file, durable: true).get())
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "new")

        let folderInTheWay = base + "/a-folder"
        try FileManager.default.createDirectory(atPath: folderInTheWay + "/inside", withIntermediateDirectories: true)
        guard case .failure(let error) = AtomicFile.write(Data("x".utf8), to: folderInTheWay) else { return XCTFail("writing over a folder must fail") }
        XCTAssertFalse(error.description.isEmpty)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folderInTheWay + "/inside"), "the folder and what it holds are still there")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.hasPrefix(".") }, [], "no temporary file left")
    }

    /// A cache folder that someone else owns, or that others may write, is not used.
    func testACacheFolderOthersCanWriteIsNotUsed() throws {
        let base = try folder()
        let shared = base + "/world-writable"
        mkdir(shared, 0o777)
        chmod(shared, 0o777)
        XCTAssertFalse(CacheFolders.makeFolder(shared), "writable by others")
        let foreign = base + "/nobody"
        mkdir(foreign, 0o700)
        XCTAssertEqual(chown(foreign, 65534, 65534), 0, "the test runs as root and can give it away")
        XCTAssertFalse(CacheFolders.makeFolder(foreign), "owned by someone else")
        let link = base + "/link"
        symlink(try folder(), link)
        XCTAssertFalse(CacheFolders.makeFolder(link), "a symlink to a folder")
        XCTAssertTrue(CacheFolders.makeFolder(base + "/mine/deeper"), "control: a new one is made, 0700")
        XCTAssertEqual(mode(base + "/mine/deeper"), 0o700)
        let cache = HTTPDiskCache(folders: CacheFolders(home: base + "/home-with-shared"), limit: 1 << 20)
        XCTAssertTrue(cache.isUsable, "control")
        chmod(base + "/home-with-shared/classic-photos", 0o777)
        XCTAssertFalse(HTTPDiskCache(folders: CacheFolders(home: base + "/home-with-shared"), limit: 1 << 20).isUsable,
                       "the same folder made writable by others: the cache is off")
    }

    /// Clearing and trimming stay inside the cache: a symlinked `entries/` (or a symlink among
    /// the files) is not followed.
    func testClearingNeverLeavesTheCacheFolder() throws {
        let base = try folder()
        let outside = try folder()
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: outside + "/precious"))
        let cache = HTTPDiskCache(folders: CacheFolders(home: base), limit: 1 << 20)
        XCTAssertTrue(cache.isUsable)
        let entries = base + "/classic-photos/entries", bodies = base + "/classic-photos/bodies"
        try FileManager.default.removeItem(atPath: entries)
        symlink(outside, entries)
        symlink(outside + "/precious", bodies + "/link-to-precious")
        cache.removeAll()
        let done = DispatchSemaphore(value: 0)
        cache.trim { done.signal() }
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(try String(contentsOfFile: outside + "/precious", encoding: .utf8), "keep me", "nothing outside was deleted")
    }

    /// A name read from an entry becomes a path only if it is a checksum.
    func testAnEntryNamingAPathOutsideTheCacheIsAMiss() throws {
        let url = "http://example.org/a.png"
        var header = HTTPDiskCache.Header(url: url, freshness: HTTPFreshness(headers: ["cache-control": "max-age=60"]), contentType: nil,
                                          thumbnailSHA256: HTTPDiskCache.sha256(Data()), thumbnailBytes: 0,
                                          bodySHA256: "../../../../etc/passwd", bodyBytes: 10, thumbnailBox: 256)
        func file(_ header: HTTPDiskCache.Header) throws -> Data {
            let json = try JSONEncoder().encode(header)
            var data = HTTPDiskCache.magic
            data.append(contentsOf: [0, 0, UInt8(json.count >> 8), UInt8(json.count & 0xff)])
            data.append(json)
            return data
        }
        XCTAssertNil(HTTPDiskCache.parse(try file(header), url: url), "a path is not a checksum")
        header.bodySHA256 = String(repeating: "a", count: 64)
        XCTAssertNotNil(HTTPDiskCache.parse(try file(header), url: url), "control: a checksum is")
    }

    /// `Vary` by anything but Accept-Encoding: one requester's answer would be handed to another.
    func testAResponseThatVariesIsNotStored() {
        XCTAssertTrue(HTTPFreshness.mayStore(["cache-control": "max-age=60"]))
        XCTAssertTrue(HTTPFreshness.mayStore(["vary": "Accept-Encoding"]))
        XCTAssertFalse(HTTPFreshness.mayStore(["vary": "Cookie"]))
        XCTAssertFalse(HTTPFreshness.mayStore(["vary": "accept-encoding, User-Agent"]))
        XCTAssertFalse(HTTPFreshness.mayStore(["vary": "*"]))
    }

    /// A body file that fails its checksum is replaced when the photo is stored again.
    func testACorruptBodyIsReplaced() throws {
        let cache = HTTPDiskCache(folders: CacheFolders(home: try folder()), limit: 8 << 20)
        let body = Data("the photo's bytes".utf8), url = "http://example.org/b.png"
        let freshness = HTTPFreshness(headers: ["cache-control": "max-age=60"])
        cache.store(url: url, freshness: freshness, contentType: nil, body: body, thumbnail: Data([1]), box: 256)
        let path = "\(cache.folder)/bodies/\(HTTPDiskCache.sha256(body))"
        try Data("garbage, same name".utf8).write(to: URL(fileURLWithPath: path))
        let entry = try XCTUnwrap(cache.entry(for: url))
        XCTAssertNil(cache.body(of: entry), "the corrupt body is a miss")
        cache.store(url: url, freshness: freshness, contentType: nil, body: body, thumbnail: Data([1]), box: 256)
        XCTAssertEqual(cache.body(of: try XCTUnwrap(cache.entry(for: url))), body, "stored again, it is whole again")
    }
}
