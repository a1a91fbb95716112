// Why this exists: one way to get bytes for a URL: http(s) through the shared SoupSession, file: through GIO, both cancellable.
import CGLib
import Foundation
import GLibRuntime

public final class ResourceFetcher: Sendable {
    public let http: HTTPClient
    /// Deadline for reading a local file (a FUSE mount can hang too).
    public let fileTimeoutSeconds = 30

    public init(http: HTTPClient) { self.http = http }

    /// Fetch `url` on the calling thread, at most `limit` bytes.
    public func fetch(_ url: URL, limit: Int, cancellable: Cancellable,
                      progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        if cancellable.isCancelled { throw .cancelled }
        switch url.scheme?.lowercased() {
        case "http", "https":
            return try http.get(url, limit: limit, cancellable: cancellable, progress: progress)
        case "file":
            return try readFile(url, limit: limit, cancellable: cancellable, progress: progress)
        default:
            throw .unsupported("unsupported URL scheme “\(url.scheme ?? "")”")
        }
    }

    private func readFile(_ url: URL, limit: Int, cancellable: Cancellable,
                          progress: ((Int, Int?) -> Void)?) throws(FetchError) -> Data {
        let file = g_file_new_for_uri(url.absoluteString)
        defer { g_object_unref(file?.raw) }
        // Refuse an oversized file before reading any of it.
        if let info = g_file_query_info(file, "standard::size", G_FILE_QUERY_INFO_NONE, cancellable.pointer, nil) {
            let size = g_file_info_get_size(info)
            g_object_unref(info.raw)
            if size > limit { throw .tooLarge(limit: limit) }
        }
        let stream: UnsafeMutablePointer<GFileInputStream>
        do throws(GLibError) {
            stream = try withGError { g_file_read(file, cancellable.pointer, $0) }!
        } catch {
            if error.isCancelled { throw .cancelled }
            throw .transfer(error.message)
        }
        let input = stream.raw.assumingMemoryBound(to: GInputStream.self)
        defer {
            g_input_stream_close(input, nil, nil)
            g_object_unref(stream)
        }
        return try StreamReader.readAll(input, limit: limit, expected: nil, cancellable: cancellable,
                                        deadline: Date().addingTimeInterval(TimeInterval(fileTimeoutSeconds)),
                                        timeoutSeconds: fileTimeoutSeconds, ioTimeoutSeconds: fileTimeoutSeconds, progress: progress)
    }
}
