// Why this exists: fetching against a real libsoup server on 127.0.0.1: success, HTTP errors, truncation, stalls, trickles, limits, cancellation.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import PhotoTrace
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching

final class FetchFaultTests: XCTestCase {
    static let server = try! TestServer(route: SamplePhotos.route)
    var base: URL { Self.server.baseURL }

    func fetcher(ioTimeout: UInt32 = 15, total: Int = 60) -> ResourceFetcher {
        var configuration = HTTPClient.Configuration.traced(in: Trace())
        configuration.ioTimeoutSeconds = ioTimeout
        configuration.totalTimeoutSeconds = total
        return ResourceFetcher(http: HTTPClient(configuration: configuration))
    }

    func fetch(_ path: String, limit: Int = 50 << 20, fetcher: ResourceFetcher? = nil) -> Result<Data, FetchError> {
        let f = fetcher ?? self.fetcher()
        return Result { () throws(FetchError) -> Data in
            try f.fetch(URL(string: path, relativeTo: base)!.absoluteURL, limit: limit, cancellable: Cancellable())
        }
    }

    func testServesAPhotoWhole() throws {
        let data = try fetch("/photos/horse.png").get()
        XCTAssertEqual(data, SamplePhotos.data("horse.png"))
    }

    func testHTTPErrorsCarryTheirStatus() {
        XCTAssertEqual(fetch("/photos/nope.png"), .failure(.httpStatus(code: 404, reason: "Not Found")))
        XCTAssertEqual(fetch("/photos/horse.png?status=500"), .failure(.httpStatus(code: 500, reason: "Internal Server Error")))
        XCTAssertEqual(fetch("/photos/horse.png?status=503"), .failure(.httpStatus(code: 503, reason: "Service Unavailable")))
    }

    func testTruncatedBodyFails() {
        guard case .failure(let error) = fetch("/photos/coffee.png?fault=truncate") else { return XCTFail("truncated body accepted") }
        XCTAssertNotEqual(error, .cancelled)
        XCTAssertFalse(error.description.isEmpty)
    }

    func testByteLimitAbortsTheTransfer() {
        XCTAssertEqual(fetch("/photos/astronaut.png", limit: 100_000), .failure(.tooLarge(limit: 100_000)))
    }

    func testStalledBodyTimesOut() {
        let result = fetch("/photos/coffee.png?fault=stall", fetcher: fetcher(ioTimeout: 1))
        XCTAssertEqual(result, .failure(.timedOut(seconds: 1)))
    }

    func testTricklingBodyStopsAtTheDeadline() {
        // One byte every 200 ms never trips the I/O timeout; the whole-transfer deadline stops it.
        let result = fetch("/photos/horse.png?fault=trickle", fetcher: fetcher(ioTimeout: 5, total: 1))
        XCTAssertEqual(result, .failure(.timedOut(seconds: 1)))
    }

    func testRedirectLoopStops() {
        guard case .failure(.transfer(let message)) = fetch("/loop") else { return XCTFail("a redirect loop must fail") }
        XCTAssertTrue(message.description.lowercased().contains("redirect"), message.description)
    }

    func testServerThatNeverAnswersTimesOut() {
        // Accepts the connection, then sends nothing for a minute: the I/O timeout stops it.
        XCTAssertEqual(fetch("/photos/horse.png?delay=60000", fetcher: fetcher(ioTimeout: 1)), .failure(.timedOut(seconds: 1)))
    }

    func testSelfSignedCertificateIsRefused() throws {
        let server = try TestServer(tlsCertificatePEM: try SelfSignedCertificate.make(), route: SamplePhotos.route)
        defer { server.stop() }
        XCTAssertEqual(server.baseURL.scheme, "https")
        let result = Result { () throws(FetchError) -> Data in
            try fetcher().fetch(URL(string: "/photos/horse.png", relativeTo: server.baseURL)!.absoluteURL, limit: 1 << 20, cancellable: Cancellable())
        }
        guard case .failure(.tls(let message)) = result else { return XCTFail("a self-signed certificate must not be accepted: \(result)") }
        XCTAssertFalse(message.isEmpty)
        XCTAssertTrue(FetchError.tls(message).description.hasPrefix("TLS error"))
    }

    func testConnectionRefused() {
        // A port that was just free: bind, read it, close.
        let result = Result { () throws(FetchError) -> Data in
            try fetcher().fetch(URL(string: "http://127.0.0.1:9/x.png")!, limit: 1000, cancellable: Cancellable())
        }
        guard case .failure(.transfer(let message)) = result else { return XCTFail("\(result)") }
        XCTAssertTrue(message.description.lowercased().contains("refused") || message.description.lowercased().contains("connect"), message.description)
    }

    func testCancellingAStalledDownloadReturnsAtOnce() throws {
        let cancellable = Cancellable()
        let f = fetcher()
        let url = URL(string: "/photos/coffee.png?fault=stall", relativeTo: base)!.absoluteURL
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<Data, FetchError>?
        Thread.detachNewThread {
            outcome = Result { () throws(FetchError) -> Data in try f.fetch(url, limit: 1 << 20, cancellable: cancellable) }
            done.signal()
        }
        // Let the request reach the stalled body.
        XCTAssertEqual(done.wait(timeout: .now() + 0.5), .timedOut, "a stalled body must not finish on its own")
        let cancelledAt = Date()
        cancellable.cancel()
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        let elapsed = Date().timeIntervalSince(cancelledAt)
        XCTAssertEqual(outcome, .failure(.cancelled))
        print("cancel → return: \(Int(elapsed * 1000)) ms")
    }

    func testLocalFilesAndTheirErrors() throws {
        let fetcher = fetcher()
        let url = SamplePhotos.directory.appendingPathComponent("horse.png")
        XCTAssertEqual(try fetcher.fetch(url, limit: 1 << 20, cancellable: Cancellable()), SamplePhotos.data("horse.png"))
        let missing = Result { () throws(FetchError) -> Data in
            try fetcher.fetch(SamplePhotos.directory.appendingPathComponent("missing.png"), limit: 1 << 20, cancellable: Cancellable())
        }
        guard case .failure(let error) = missing, case .file("missing.png", ENOENT) = error else { return XCTFail("\(missing)") }
        XCTAssertEqual(error.description, "“missing.png”: No such file or directory")
        XCTAssertEqual(StageFailure(error).code, .missingFile)
    }
}
