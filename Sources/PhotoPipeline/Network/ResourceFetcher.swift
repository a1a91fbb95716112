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

    /// Fetch `url` on the calling thread, at most `limit` bytes, for a gallery loaded from
    /// `origin` (private network access: see `AddressSpace.mayReach`).
    public func fetch(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace = .local,
                      progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        try fetchWithSpace(url, limit: limit, cancellable: cancellable, from: origin, progress: progress).data
    }

    /// The bytes and where they came from: `.local` for a file, the server's space for http(s).
    public func fetchWithSpace(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace = .local,
                               progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> (data: Data, space: AddressSpace) {
        if cancellable.isCancelled { throw .cancelled }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return try http.response(url, limit: limit, cancellable: cancellable, from: origin, progress: progress)
        case "file":
            return (try files.fetch(url, limit: limit, cancellable: cancellable), .local)
        default:
            throw .unsupported("unsupported URL scheme “\(url.scheme ?? "")”")
        }
    }
}
