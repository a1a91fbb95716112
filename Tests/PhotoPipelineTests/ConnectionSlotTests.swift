// Why this exists: downloads that share a host never wait for a connection forever: a server that hangs up its kept-alive connections leaves libsoup's pool holding dead idle ones, and a download waiting for a slot must still get one.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import PhotoFetching

final class ConnectionSlotTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)

    func fetcher(perHost: Int32) -> ResourceFetcher {
        var configuration = HTTPClient.Configuration.traced(in: Trace())
        configuration.maxConnectionsPerHost = perHost
        return ResourceFetcher(http: HTTPClient(configuration: configuration))
    }

    /// More downloads than connections, from a server that closes each connection as soon as
    /// it has answered on it: every download ends, with the photo.
    func testDownloadsWaitingForAConnectionToAServerThatHangsUpAllEnd() {
        let fetcher = fetcher(perHost: 1)
        let url = URL(string: "/photos/horse.png?fault=hangup", relativeTo: Self.server.baseURL)!.absoluteURL
        let expected = SamplePhotos.data("horse.png")
        let threads = 8, rounds = 30
        let done = DispatchSemaphore(value: 0)
        let results = Locked<[Result<Data, FetchError>]>([])
        for _ in 0..<threads {
            Thread.detachNewThread {
                for _ in 0..<rounds {
                    let result = Result { () throws(FetchError) -> Data in try fetcher.fetch(url, limit: 1 << 20, cancellable: Cancellable()) }
                    results.withLock { $0.append(result) }
                }
                done.signal()
            }
        }
        // A deadlock detector, not a speed limit: it fails only when no download has ended for
        // 20 s. (Alone they take well under a second; in the idle class beside the app tests, with
        // both cores busy, they took 19 s, and a fixed 20 s for all of them failed a loaded run.)
        var ended = 0, seen = -1, progressed = DispatchTime.now()
        while ended < threads {
            if done.wait(timeout: .now() + 1) == .success { ended += 1; continue }
            let count = results.withLock { $0.count }
            if count != seen { (seen, progressed) = (count, .now()) } else if DispatchTime.now() > progressed + 20 { break }
        }
        XCTAssertEqual(ended, threads, "downloads left waiting for a connection: \(results.withLock { $0.count }) of \(threads * rounds) ended")
        let failures = results.withLock { $0.filter { (try? $0.get()) != expected } }
        XCTAssertEqual(failures.count, 0, "\(failures.prefix(3))")
    }

    /// A download waiting for its turn is cancelled at once, as one in flight is.
    func testADownloadWaitingForItsTurnIsCancelledAtOnce() {
        let fetcher = fetcher(perHost: 1)
        let base = Self.server.baseURL
        let stalled = Cancellable(), waiting = Cancellable()
        let stalledDone = DispatchSemaphore(value: 0), waitingDone = DispatchSemaphore(value: 0)
        let waitingOutcome = Locked<Result<Data, FetchError>?>(nil)
        Thread.detachNewThread {
            _ = try? fetcher.fetch(URL(string: "/photos/coffee.png?fault=stall", relativeTo: base)!.absoluteURL, limit: 1 << 20, cancellable: stalled)
            stalledDone.signal()
        }
        // The stalled body holds the one slot; the second download waits behind it.
        while Self.server.requests.filter({ $0.contains("fault=stall") }).isEmpty { usleep(10_000) }
        Thread.detachNewThread {
            let result = Result { () throws(FetchError) -> Data in
                try fetcher.fetch(URL(string: "/photos/horse.png?delay=1", relativeTo: base)!.absoluteURL, limit: 1 << 20, cancellable: waiting)
            }
            waitingOutcome.withLock { $0 = result }
            waitingDone.signal()
        }
        XCTAssertEqual(waitingDone.wait(timeout: .now() + 0.5), .timedOut, "it waits while the slot is taken")
        waiting.cancel()
        XCTAssertEqual(waitingDone.wait(timeout: .now() + 10), .success, "cancelling wakes it")
        XCTAssertEqual(waitingOutcome.withLock { $0 }, .failure(.cancelled))
        XCTAssertFalse(Self.server.requests.contains { $0.contains("delay=1") }, "nothing was sent for it")
        stalled.cancel()
        XCTAssertEqual(stalledDone.wait(timeout: .now() + 10), .success)
    }
}
