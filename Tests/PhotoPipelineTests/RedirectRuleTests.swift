// Why this exists: the app follows redirects itself, one checked hop at a time: an https: address may not send it to an http: one ("insecure redirect", as browsers refuse for what a page loads), https to https is fine, and a URL's user name and password never reach the trace.
import Foundation
import GLibRuntime
import TestAndBenchSupport
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class RedirectRuleTests: XCTestCase {
    /// An HTTPS server the client trusts (its own self-signed certificate), answering
    /// `/to?url=U` with 302 → U and serving the sample photos otherwise.
    func trustedServer() throws -> (server: TestServer, client: HTTPClient) {
        let pem = try SelfSignedCertificate.make()
        let file = TemporaryFiles.url("trusted-\(UUID().uuidString).pem")
        try Data(pem.utf8).write(to: file)
        let server = try TestServer(tlsCertificatePEM: pem) { path, query in
            if path == "/to", let url = query["url"] { return ServerPlan(status: 302, headers: ["Location": url]) }
            return SamplePhotos.route(path, query)
        }
        var configuration = HTTPClient.Configuration.traced(in: Trace())
        configuration.trustedCertificates = file.path
        return (server, HTTPClient(configuration: configuration))
    }

    func get(_ client: HTTPClient, _ url: String) -> Result<Data, FetchError> {
        Result { () throws(FetchError) in try client.get(URL(string: url)!, limit: 8 << 20, cancellable: Cancellable(), from: .local) }
    }

    func testHTTPSMayNotRedirectToHTTP() throws {
        let (server, client) = try trustedServer()
        defer { server.stop() }
        let plain = try TestServer(route: SamplePhotos.route)
        defer { plain.stop() }
        let target = plain.baseURL.absoluteString + "/photos/horse.png"
        XCTAssertNoThrow(try get(client, server.baseURL.absoluteString + "/photos/horse.png").get(), "control: the client trusts the server")
        XCTAssertNoThrow(try get(client, server.baseURL.absoluteString + "/to?url=/photos/horse.png").get(), "https to https is followed")
        let before = plain.requests.count
        guard case .failure(.insecureRedirect(let to)) = get(client, server.baseURL.absoluteString + "/to?url=\(target)") else {
            return XCTFail("an https → http redirect must be refused")
        }
        XCTAssertEqual(to, target)
        XCTAssertEqual(plain.requests.count, before, "nothing was sent over http")
    }

    func testAURLsUserAndPasswordNeverReachTheTrace() throws {
        let path = TemporaryFiles.url("redacted-\(UUID().uuidString).jsonl").path
        let trace = Trace()
        try trace.open(path: path)
        defer { trace.close() }
        let server = try TestServer(route: SamplePhotos.route)
        defer { server.stop() }
        let url = server.baseURL.absoluteString.replacingOccurrences(of: "http://", with: "http://ann:s3cret@") + "/photos/horse.png"
        _ = get(HTTPClient(configuration: .traced(in: trace)), url)
        trace.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(text.contains("/photos/horse.png"), "the request was traced")
        XCTAssertFalse(text.contains("s3cret") || text.contains("ann:"), text)
        XCTAssertEqual(Redacted.url("https://u:p@host:8/a@b?c=@d"), "https://host:8/a@b?c=@d")
        XCTAssertEqual(Redacted.url("file:///home/a@b"), "file:///home/a@b")
    }
}
