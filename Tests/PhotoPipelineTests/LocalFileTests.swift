// Why this exists: local files that never answer: FIFOs, devices, folders, loops and foreign hosts are refused at once with a reason; a read that never returns times out, frees its queue slot, and stuck reads are capped per mount.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import GalleryContents

final class LocalFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = TemporaryFiles.url("local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: folder) }

    func fetch(_ url: URL, fetcher: LocalFileFetcher = LocalFileFetcher(), limit: Int = 50 << 20) -> Result<Data, FetchError> {
        Result { () throws(FetchError) -> Data in try fetcher.fetch(url, limit: limit, cancellable: Cancellable()) }
    }

    func reason(_ result: Result<Data, FetchError>) -> String {
        if case .failure(let error) = result { return error.description }
        return "read \((try? result.get())?.count ?? 0) bytes"
    }

    func testARegularFileIsRead() {
        let url = SamplePhotos.directory.appendingPathComponent("horse.png")
        XCTAssertEqual(try fetch(url).get(), SamplePhotos.data("horse.png"))
    }

    func testWhatIsNotARegularFileIsRefusedAtOnceWithWhatItIs() throws {
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos.png"), withIntermediateDirectories: true)
        let cases: [(url: URL, reason: String)] = [
            (URL(fileURLWithPath: fifo), "“pipe.png” is a named pipe (FIFO), not a regular file"),
            (URL(fileURLWithPath: "/dev/zero"), "“zero” is a character device, not a regular file"),
            (URL(fileURLWithPath: "/dev/urandom"), "“urandom” is a character device, not a regular file"),
            (folder.appendingPathComponent("photos.png"), "“photos.png” is a folder, not a regular file"),
        ]
        for item in cases {
            let started = Date()
            XCTAssertEqual(reason(fetch(item.url)), item.reason)
            XCTAssertLessThan(Date().timeIntervalSince(started), 5, "\(item.url.path) failed at once, never opened")
        }
    }

    func testLoopsProcFilesAndMissingFilesFailWithTheSystemsReason() throws {
        let loop = folder.appendingPathComponent("loop.png")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        XCTAssertEqual(reason(fetch(loop)), "“loop.png”: Too many levels of symbolic links")
        XCTAssertEqual(reason(fetch(URL(fileURLWithPath: "/proc/self/mem"))), "“mem”: Input/output error")
        XCTAssertEqual(reason(fetch(folder.appendingPathComponent("missing.png"))), "“missing.png”: No such file or directory")
    }

    func testAFileURLNamingAnotherMachineIsRefused() throws {
        let url = try XCTUnwrap(URL(string: "file://otherhost/etc/passwd"))
        XCTAssertEqual(reason(fetch(url)), "“file://otherhost/etc/passwd” names another machine (“otherhost”), not a local file")
        XCTAssertEqual(try fetch(URL(string: "file://localhost" + SamplePhotos.directory.appendingPathComponent("horse.png").path)!).get().count,
                       SamplePhotos.data("horse.png").count, "localhost is this machine")
        // In a manifest, such an entry fails its own row before anything is fetched.
        let entry = URLPolicy.entry(name: "p", rawURL: "file://otherhost/etc/passwd", manifest: URL(fileURLWithPath: "/g.json"))
        XCTAssertEqual(entry.problem?.description, "not a local file: “file://otherhost/etc/passwd” names another machine (“otherhost”)")
    }

    func testTheLimitIsCheckedBeforeReading() throws {
        let big = folder.appendingPathComponent("big.png")
        try Data(repeating: 1, count: 200_000).write(to: big)
        XCTAssertEqual(reason(fetch(big, limit: 100_000)), FetchError.tooLarge(limit: 100_000).description)
    }

    /// A reader that never returns for paths containing "stuck" (a network mount that stopped
    /// answering), and reads everything else from disk.
    final class StuckReader: LocalFileReading, @unchecked Sendable {
        let release = DispatchSemaphore(value: 0)
        let lock = NSLock()
        private(set) var returned = 0
        /// Stuck calls entered so far.
        private var calls = 0
        var entered: Int { lock.withLock { calls } }
        func read(path: String, limit: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data {
            guard path.contains("stuck") else { return try PosixFileReader().read(path: path, limit: limit, progress: progress, isCancelled: isCancelled) }
            lock.withLock { calls += 1 }
            release.wait() // blocked in the kernel, as far as anyone can tell
            lock.withLock { returned += 1 }
            return Data([1, 2, 3]) // a late result, which must be dropped
        }
        func status(path: String) throws(FetchError) -> LocalFileStatus {
            guard path.contains("stuck") else { return try PosixFileReader().status(path: path) }
            lock.withLock { calls += 1 }
            release.wait()
            lock.withLock { returned += 1 }
            return LocalFileStatus(size: 3, modified: 0)
        }
    }

    func testAReadThatNeverReturnsTimesOutAndStuckReadsAreCapped() throws {
        let reader = StuckReader()
        var configuration = LocalFileFetcher.Configuration()
        configuration.ioTimeoutSeconds = 0.5
        configuration.maxStuckReadsPerMount = 2
        let fetcher = LocalFileFetcher(reader: reader, configuration: configuration)
        let stuck = URL(fileURLWithPath: "/tmp/stuck/a.png")
        for attempt in 1...2 {
            XCTAssertEqual(fetch(stuck, fetcher: fetcher), .failure(.timedOut(seconds: 1)), "attempt \(attempt) timed out")
            XCTAssertEqual(fetcher.stuckReads(on: stuck.path), attempt, "its thread is abandoned and counted")
        }
        let entered = reader.entered
        guard case .failure(let error) = fetch(stuck, fetcher: fetcher), case .notAnswering = error else { return XCTFail("a third stuck read must not start") }
        XCTAssertEqual(reader.entered, entered, "it fails at once: no read was started, so none was waited for")
        XCTAssertTrue(error.description.hasPrefix("2 reads on / are not answering"), error.description)
        // The mount recovers: the stuck calls return late, their results are dropped, and reads start again.
        reader.release.signal(); reader.release.signal()
        XCTAssertTrue(poll(timeout: 5) { fetcher.stuckReads(on: stuck.path) == 0 }, "returned reads are no longer counted")
        XCTAssertEqual(reader.returned, 2)
        XCTAssertEqual(try fetch(SamplePhotos.directory.appendingPathComponent("horse.png"), fetcher: fetcher).get().count,
                       SamplePhotos.data("horse.png").count)
    }

    /// A share mounted anew (after its server came back): a read begun on the dead backend and
    /// given up only after the new mount, or one returning late, never counts for or against
    /// the new mount's reads (the loaded suite once saw Retry refused as "6 reads … not answering").
    func testAReadBegunBeforeTheShareWasMountedAgainNeverCountsAgainstTheNewMount() {
        let stuck = StuckReads()
        let mount = "sftp://nas"
        let givenUpLate = ReadJob<Int>(stuck: stuck, mount: mount)
        let givenUpBefore = ReadJob<Int>(stuck: stuck, mount: mount)
        givenUpBefore.abandon()
        XCTAssertEqual(stuck.count(mount), 1)
        stuck.forget(mount)
        XCTAssertEqual(stuck.count(mount), 0, "mounted anew: counted from nothing")
        givenUpLate.abandon()
        XCTAssertEqual(stuck.count(mount), 0, "a read of the old mount given up after the new mount is not the new mount's")
        let onTheNewMount = ReadJob<Int>(stuck: stuck, mount: mount)
        onTheNewMount.abandon()
        XCTAssertEqual(stuck.count(mount), 1)
        givenUpBefore.finish(.success(1))
        XCTAssertEqual(stuck.count(mount), 1, "an old read returning late takes nothing off the new mount's count")
        onTheNewMount.finish(.success(1))
        XCTAssertEqual(stuck.count(mount), 0)
    }

    /// A read cancelled while it runs (the list scrolled on) is no sign of a mount that stopped
    /// answering: one that returns soon after never counts as stuck, one still blocked an I/O
    /// timeout later does (a loaded run saw a share's rows fail as "4 reads … not answering"
    /// just after the rows before them were cancelled).
    func testACancelledReadCountsAsStuckOnlyIfItIsStillBlockedATimeoutLater() throws {
        let reader = StuckReader()
        var configuration = LocalFileFetcher.Configuration()
        // Long enough for the reader's thread (nice 10) to return after its release on a busy
        // machine, which left such a thread without a processor for over a second.
        configuration.ioTimeoutSeconds = 2
        let fetcher = LocalFileFetcher(reader: reader, configuration: configuration)
        let path = "/tmp/stuck/d.png"
        func cancelledRead() {
            let cancellable = Cancellable(), done = DispatchSemaphore(value: 0), entered = reader.entered
            Thread.detachNewThread {
                _ = try? fetcher.fetch(URL(fileURLWithPath: path), limit: 1 << 20, cancellable: cancellable)
                done.signal()
            }
            XCTAssertTrue(poll(timeout: 5) { reader.entered > entered }, "the read started")
            cancellable.cancel()
            XCTAssertEqual(done.wait(timeout: .now() + 2), .success, "cancelled")
        }
        cancelledRead()
        XCTAssertEqual(fetcher.stuckReads(on: path), 0, "cancelled: not counted at once")
        reader.release.signal()
        XCTAssertTrue(poll(timeout: 5) { reader.returned == 1 })
        Thread.sleep(forTimeInterval: 2.3)
        XCTAssertEqual(fetcher.stuckReads(on: path), 0, "it returned within the timeout: never counted")
        cancelledRead()
        XCTAssertTrue(poll(timeout: 10) { fetcher.stuckReads(on: path) == 1 }, "still blocked a timeout later: counted")
        reader.release.signal()
        XCTAssertTrue(poll(timeout: 5) { fetcher.stuckReads(on: path) == 0 }, "counted until it returned")
    }

    func testCancellingAStuckReadReturnsAtOnce() throws {
        let reader = StuckReader()
        let fetcher = LocalFileFetcher(reader: reader)
        let cancellable = Cancellable()
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Data, FetchError>?
        Thread.detachNewThread {
            outcome = Result { () throws(FetchError) -> Data in
                try fetcher.fetch(URL(fileURLWithPath: "/tmp/stuck/b.png"), limit: 1 << 20, cancellable: cancellable)
            }
            done.signal()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 0.3), .timedOut, "the read is stuck")
        cancellable.cancel()
        XCTAssertEqual(done.wait(timeout: .now() + 2), .success, "cancel wakes the waiting operation at once")
        XCTAssertEqual(outcome, .failure(.cancelled))
        reader.release.signal()
    }

    /// The operation of a row whose read never returns fails with "timed out" and frees its
    /// queue slot: with one download at a time, the next row still loads.
    func testAStuckRowFreesItsQueueSlot() throws {
        let reader = StuckReader()
        var configuration = LocalFileFetcher.Configuration()
        configuration.ioTimeoutSeconds = 1
        let photo = SamplePhotos.directory.appendingPathComponent("horse.png").path
        var settings = PipelineSettings()
        settings.downloadConcurrency = 1
        let folder: URL = self.folder
        try MainActor.assumeIsolated {
            let harness = try PipelineHarness(json: "[{\"name\": \"stuck\", \"url\": \"file:///tmp/stuck/c.png\"}, {\"name\": \"next\", \"url\": \"file://\(photo)\"}]",
                                              source: folder.appendingPathComponent("g.json"), settings: settings,
                                              files: LocalFileFetcher(reader: reader, configuration: configuration))
            let gallery = harness.gallery
            gallery.startOperations(for: 0)
            gallery.startOperations(for: 1)
            XCTAssertTrue(harness.run(timeout: 10) { harness.allSettled }, "states: \(gallery.records.map(\.state))")
            XCTAssertEqual(gallery.records[0].state, .failed)
            XCTAssertEqual(gallery.records[0].failureReason, "timed out after 1 s")
            XCTAssertEqual(gallery.records[1].state, .filtered, "the next row got the slot")
            harness.assertOneTerminalEventPerOperation()
        }
        reader.release.signal()
    }
}
