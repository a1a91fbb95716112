// Why this exists: one way to get bytes for a URL: http(s) through the shared SoupSession, file: through the local reader with its deadlines, both cancellable.
import Foundation
import GLibRuntime

public final class ResourceFetcher: Sendable {
    public let http: HTTPClient
    public let files: LocalFileFetcher

    public init(http: HTTPClient, files: LocalFileFetcher = LocalFileFetcher()) {
        self.http = http
        self.files = files
    }

    /// Fetch `url` on the calling thread, at most `limit` bytes.
    public func fetch(_ url: URL, limit: Int, cancellable: Cancellable,
                      progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        if cancellable.isCancelled { throw .cancelled }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return try http.get(url, limit: limit, cancellable: cancellable, progress: progress)
        case "file":
            return try files.fetch(url, limit: limit, cancellable: cancellable)
        default:
            throw .unsupported("unsupported URL scheme “\(url.scheme ?? "")”")
        }
    }
}
