// Why this exists: one way to get bytes for a URL: http(s) through the shared SoupSession, file: through the local reader with its deadlines, a share's (sftp:, smb:, dav:, davs:) through GIO with the same deadlines, all cancellable.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import GLibIO

public final class ResourceFetcher: Sendable {
    public let http: HTTPClient
    public let files: LocalFileFetcher

    public init(http: HTTPClient, files: LocalFileFetcher = LocalFileFetcher()) {
        self.http = http
        self.files = files
    }

    /// Fetch `url` on the calling thread, at most `limit` bytes, for a gallery loaded from
    /// `origin` (private network access: see `AddressSpace.mayReach`; nil for the user's own URL).
    public func fetch(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace? = .local,
                      progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        try fetchWithSpace(url, limit: limit, cancellable: cancellable, from: origin, progress: progress).data
    }

    /// The bytes and where they came from: for http(s) the first server's space; for a file
    /// `.local`, unless the file says it was downloaded (see `DownloadOrigin`).
    public func fetchWithSpace(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace? = .local,
                               progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> (data: Data, space: AddressSpace) {
        if cancellable.isCancelled { throw .cancelled }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return try http.response(url, limit: limit, cancellable: cancellable, from: origin, progress: progress)
        case "file":
            let data = try files.fetch(url, limit: limit, cancellable: cancellable)
            return (data, DownloadOrigin.space(ofFile: url.path, cancellable: cancellable) ?? .local)
        case let scheme? where ShareFiles.schemes.contains(scheme):
            return (try files.fetchShared(url, limit: limit, cancellable: cancellable), .local)
        default:
            throw .unsupported(Words("unsupported URL scheme “%1$s”", "\(url.scheme ?? "")"))
        }
    }

    /// The size and modification time of a file on this computer or on a share.
    public func status(_ url: URL, cancellable: Cancellable) throws(FetchError) -> LocalFileStatus {
        url.isFileURL ? try files.status(url, cancellable: cancellable) : try files.sharedStatus(url, cancellable: cancellable)
    }

    /// The first `count` bytes of a file on this computer or on a share.
    public func fetchStart(_ url: URL, count: Int, cancellable: Cancellable) throws(FetchError) -> Data {
        url.isFileURL ? try files.fetchStart(url, count: count, cancellable: cancellable)
            : try files.fetchSharedStart(url, count: count, cancellable: cancellable)
    }

    /// Whether `url` names a file on this computer or on a share (read as files are, not
    /// through the HTTP cache).
    public static func isFile(_ url: URL) -> Bool { url.isFileURL || ShareFiles.isShare(url.absoluteString) }
}
