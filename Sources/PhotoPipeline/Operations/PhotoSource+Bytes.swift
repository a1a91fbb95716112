// Why this exists: a photo's encoded bytes from the nearest place that has them (bytes held, the list's download, the file, the HTTP cache, the network), shared by the viewer's loads and the export's.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import PhotoFetching
import PhotoTrace

extension PhotoSource {
    /// The nearest copy of the photo's bytes, and where it was. `held`: bytes the caller already
    /// has; `download`: the list's download it waited on, which hands over what it read.
    func bytes(held: Data? = nil, download: OriginalBytes? = nil, cancellable: Cancellable,
               progress: (@Sendable (Int, Int?) -> Void)? = nil) throws(FetchError) -> (Data, BytesSource) {
        if let held { return (held, .memory) }
        if let handed = download?.data { return (handed, .download) }
        if ResourceFetcher.isFile(url) {
            return (try fetcher.fetch(url, limit: byteLimit, cancellable: cancellable), .file)
        }
        // The HTTP cache's copy, as the list uses it: fresh as it is; stale, only once the server
        // says it has not changed (a conditional GET); otherwise the new photo.
        var conditional: [String: String] = [:]
        let cached = caches.http.flatMap { http in http.entry(for: url.absoluteString).map { (http, $0) } }
        if let (http, entry) = cached, let body = http.body(of: entry) {
            if entry.header.freshness.isFresh() { return (body, .httpCache) }
            if entry.header.freshness.canRevalidate { conditional = entry.header.freshness.conditionalHeaders }
        }
        let response = try fetcher.http.send(HTTPRequest(url: url, limit: byteLimit, origin: origin, headers: conditional),
                                             cancellable: cancellable, progress: progress)
        if response.status == 304, let (http, entry) = cached, let body = http.body(of: entry) {
            http.refresh(entry, freshness: entry.header.freshness.refreshed(with: response.headers))
            return (body, .httpCache)
        }
        guard response.status != 304 else { throw .transfer(Words("the server said the photo had not changed, but the cache no longer has it")) }
        return (response.body, .network)
    }
}
