// Why this exists: the one shared SoupSession (timeouts, user agent, connection limits) and a streaming, limited, cancellable GET.
import CGLib
import CSoup
import Foundation
import GLibRuntime

public final class HTTPClient: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Socket I/O timeout: a server that accepts and never answers, or a body that stalls.
        public var ioTimeoutSeconds: UInt32 = 15
        /// Whole-transfer deadline: stops a body that trickles a few bytes a second.
        public var totalTimeoutSeconds: Int = 60
        public var userAgent = "ClassicPhotos/\(AppInfo.version) (+https://github.com/classicphotos) "
        public var maxConnections: Int32 = 16
        public var maxConnectionsPerHost: Int32 = 6
        public init() {}
    }

    public let configuration: Configuration
    let session: UnsafeMutablePointer<SoupSession>

    /// Create the session. libsoup 3 lets a session be used from several threads as long as
    /// it is configured on the thread that made it, which is what this initializer does.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let object = newObject(soup_session_get_type(), properties: [
            ("timeout", .uint(configuration.ioTimeoutSeconds)),
            ("idle-timeout", .uint(60)),
            ("user-agent", .string(configuration.userAgent)),
            ("max-conns", .int(configuration.maxConnections)),
            ("max-conns-per-host", .int(configuration.maxConnectionsPerHost)),
        ])
        session = object.raw.assumingMemoryBound(to: SoupSession.self)
    }

    deinit { g_object_unref(session) }

    /// GET `url` on the calling (worker) thread, reading at most `limit` bytes.
    /// Cancelling `cancellable` aborts the transfer in flight.
    public func get(_ url: URL, limit: Int, cancellable: Cancellable,
                    progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        guard let message = soup_message_new("GET", url.absoluteString) else {
            throw .unsupported("invalid URL for HTTP")
        }
        defer { g_object_unref(message.raw) }
        let started = Date()
        let stream: UnsafeMutablePointer<GInputStream>
        do throws(GLibError) {
            stream = try withGError { soup_session_send(session, message, cancellable.pointer, $0) }!
        } catch {
            throw Self.map(error, configuration: configuration)
        }
        defer {
            g_input_stream_close(stream, nil, nil)
            g_object_unref(stream)
        }
        let status = Int(soup_message_get_status(message).rawValue)
        guard (200..<300).contains(status) else {
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            throw .httpStatus(code: status, reason: reason)
        }
        let headers = soup_message_get_response_headers(message)
        let declared = soup_message_headers_get_content_length(headers)
        if declared > limit { throw .tooLarge(limit: limit) }
        return try StreamReader.readAll(stream, limit: limit, expected: declared > 0 ? Int(declared) : nil,
                                        cancellable: cancellable,
                                        deadline: started.addingTimeInterval(TimeInterval(configuration.totalTimeoutSeconds)),
                                        timeoutSeconds: configuration.totalTimeoutSeconds,
                                        ioTimeoutSeconds: Int(configuration.ioTimeoutSeconds),
                                        progress: progress)
    }

    static func map(_ error: GLibError, configuration: Configuration) -> FetchError {
        if error.isCancelled { return .cancelled }
        if error.isTimedOut { return .timedOut(seconds: Int(configuration.ioTimeoutSeconds)) }
        if error.isTLS { return .tls(error.message) }
        return .transfer(error.message)
    }
}
