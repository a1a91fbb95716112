// Why this exists: a folder listing within limits: a file held under a lease is not waited for (its content is sniffed without blocking, so the lease stays unbroken), a listing that stops answering is abandoned at its deadline with nothing handed over later, a folder past the entry cap lists the cap and says so, and a link out of a folder someone else owns is not followed.
import Foundation
import GLibRuntime
@testable import PhotoPipeline
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import PhotoFetching
@testable import GalleryContents

/// fcntl's lease commands (Linux's own, which Glibc's module leaves out).
private let setLease: Int32 = 1024, getLease: Int32 = 1025

final class FolderLimitsTests: XCTestCase {
    func folder(_ label: String) throws -> URL {
        let folder = TemporaryFiles.url("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    static func list(_ folder: URL, maxPhotos: Int = FolderListing.maxPhotos) throws -> (contents: FolderContents, names: [String]) {
        let found = Locked(ManifestRowStore())
        let contents = try FolderListing.rows(ofFolder: folder.path, cancellable: Cancellable(), trace: Trace(), batch: { batch in found.withLock { $0.append(batch) } }, maxPhotos: maxPhotos)
        let rows = found.withLock { $0 }
        return (contents, (0..<rows.count).map(rows.rawName))
    }

    /// A photo without an extension (its content must be sniffed) held under a write lease, as a
    /// program writing it holds it: the listing's look at it does not wait for the lease (an open
    /// that blocks waits until the holder lets go, or the kernel's lease-break time, 45 s). The
    /// listing ends while the lease is still held, after it asked for it (the break began).
    func testAFileHeldUnderALeaseIsNotWaitedFor() throws {
        let folder = try folder("lease")
        try SamplePhotos.data("coffee.png").write(to: folder.appendingPathComponent("a.png"))
        let held = folder.appendingPathComponent("being-written")
        try SamplePhotos.data("horse.png").write(to: held)
        // The holder is told of a break by SIGIO, which would end this process.
        let previous = signal(SIGIO, SIG_IGN)
        defer { signal(SIGIO, previous) }
        let fd = open(held.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(fcntl(fd, setLease, F_WRLCK), 0, "a write lease on the file: \(String(cString: strerror(errno)))")
        let names = Locked<[String]?>(nil)
        Thread.detachNewThread { names.withLock { $0 = try? Self.list(folder).names } }
        XCTAssertTrue(poll(timeout: 20) { names.withLock { $0 } != nil }, "the listing ended while the file was held")
        XCTAssertEqual(fcntl(fd, getLease), F_RDLCK, "the listing did look at the file (the lease's break to a read lease began)")
        XCTAssertEqual(names.withLock { $0 }, ["a.png"], "the held file, whose content could not be read, is left out")
        // Control: released, the same file is sniffed and listed as the photo it is.
        XCTAssertEqual(fcntl(fd, setLease, F_UNLCK), 0)
        XCTAssertEqual(try Self.list(folder).names, ["a.png", "being-written"])
    }

    /// A listing that stops making progress (a mount that stopped answering) fails at the
    /// deadline; its thread, abandoned, hands nothing over when it wakes.
    func testAListingThatStopsAnsweringIsAbandonedAtItsDeadline() throws {
        var configuration = LocalFileFetcher.Configuration()
        configuration.ioTimeoutSeconds = 0.3
        let files = LocalFileFetcher(configuration: configuration)
        let late = Locked(false)
        let finished = Locked(false)
        XCTAssertThrowsError(try files.watched(path: "/tmp", cancellable: Cancellable(), wholeSeconds: nil) { job throws(FetchError) -> Int in
            job.madeProgress()
            usleep(1_000_000)
            job.unlessAbandoned { late.withLock { $0 = true } }
            finished.withLock { $0 = true }
            return 1
        }) { error in
            XCTAssertEqual(error as? FetchError, .timedOut(seconds: 1))
        }
        XCTAssertTrue(poll(timeout: 5) { finished.withLock { $0 } })
        XCTAssertFalse(late.withLock { $0 }, "nothing handed over after the waiter gave up")
        // Control: progress keeps it alive past its timeout. Its steps are a fiftieth of the
        // timeout, so a loaded machine's late wake-ups (a 150 ms step against 0.3 s failed once,
        // in a fresh run) cannot pass for a stall. They come from a thread of the normal
        // priority until the wait is over: the reader's own runs at nice 10, and a loaded run of
        // the README's test command left it without a processor for over a second.
        configuration.ioTimeoutSeconds = 1
        let patient = LocalFileFetcher(configuration: configuration)
        let over = Locked(false)
        defer { over.withLock { $0 = true } } // (a throw ends the progress too)
        let value = try patient.watched(path: "/tmp", cancellable: Cancellable(), wholeSeconds: nil) { job throws(FetchError) -> Int in
            DispatchQueue.global(qos: .userInitiated).async {
                while !over.withLock({ $0 }) {
                    job.madeProgress()
                    usleep(20_000)
                }
            }
            usleep(1_500_000)
            var handed = 0
            job.unlessAbandoned { handed = 2 }
            return handed
        }
        XCTAssertEqual(value, 2)
    }

    func testAFolderPastTheCapListsTheCapAndSaysSo() throws {
        let folder = try folder("cap")
        let target = SamplePhotos.directory.appendingPathComponent("coffee.png").path
        for index in 0..<25 { XCTAssertEqual(symlink(target, folder.appendingPathComponent("p\(index).png").path), 0) }
        let capped = try Self.list(folder, maxPhotos: 10)
        XCTAssertEqual(capped.contents.count, 10)
        XCTAssertEqual(capped.names.count, 10)
        XCTAssertTrue(capped.contents.isCapped)
        let whole = try Self.list(folder, maxPhotos: 25)
        XCTAssertEqual(whole.contents.count, 25)
        XCTAssertFalse(whole.contents.isCapped)
        XCTAssertGreaterThanOrEqual(FolderListing.maxPhotos, 250_000)
    }

    /// In a folder someone else owns (and could fill with links), a link to the user's file
    /// elsewhere is not followed; a link within the folder is. In the user's own folder, both are.
    func testALinkOutOfAFolderSomeoneElseOwnsIsNotFollowed() throws {
        let mine = try folder("outside")
        try SamplePhotos.data("rocket.jpg").write(to: mine.appendingPathComponent("private.jpg"))
        let shared = try folder("shared")
        try SamplePhotos.data("coffee.png").write(to: shared.appendingPathComponent("inside.png"))
        XCTAssertEqual(symlink(shared.appendingPathComponent("inside.png").path, shared.appendingPathComponent("link in.png").path), 0)
        XCTAssertEqual(symlink(mine.appendingPathComponent("private.jpg").path, shared.appendingPathComponent("link out.jpg").path), 0)
        XCTAssertEqual(try Self.list(shared).names, ["inside.png", "link in.png", "link out.jpg"], "the user's own folder: every link")
        XCTAssertEqual(chown(shared.path, 4242, 4242), 0, "the folder given to someone else")
        XCTAssertEqual(try Self.list(shared).names, ["inside.png", "link in.png"], "someone else's folder: the link out is left out")
    }

    /// Include Subfolders with links to `/`, to the folder above, to the folder itself, into
    /// /proc and /sys, and to another user's folder: none is entered (once, `root -> /` walked
    /// 20,000 system folders, /proc included). A link to the user's own album elsewhere is.
    func testSubfoldersNeverLeadToTheSystemOrAboveOrAnotherUser() throws {
        let parent = try folder("links-parent")
        let gallery = parent.appendingPathComponent("gallery"), album = parent.appendingPathComponent("album")
        let theirs = parent.appendingPathComponent("theirs"), sibling = parent.appendingPathComponent("sibling")
        for made in [gallery, album, theirs, sibling] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        let png = SamplePhotos.data("coffee.png")
        try png.write(to: gallery.appendingPathComponent("own.png"))
        try png.write(to: album.appendingPathComponent("holiday.png"))
        try png.write(to: theirs.appendingPathComponent("private.png"))
        try png.write(to: sibling.appendingPathComponent("beside.png"))
        XCTAssertEqual(chown(theirs.path, 4242, 4242), 0, "another user's folder")
        for (name, target) in [("root", "/"), ("up", ".."), ("self", "."), ("proc", "/proc"), ("sys", "/sys/kernel"), ("theirs", theirs.path), ("album", album.path)] {
            XCTAssertEqual(symlink(target, gallery.appendingPathComponent(name).path), 0, name)
        }
        let contents = try FolderListing.rows(ofFolder: gallery.path, cancellable: Cancellable(), trace: Trace(), batch: { _ in }, subfolders: true)
        XCTAssertEqual(contents.photos.map(\.name), ["album/holiday.png", "own.png"], "only the gallery and the user's own album")
        XCTAssertEqual(contents.subfolders.keys.sorted(), ["album/"], "no other folder was entered")
    }
}
