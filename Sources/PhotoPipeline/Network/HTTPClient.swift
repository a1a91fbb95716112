// Why this exists: the one shared SoupSession (timeouts, user agent, connection limits) and a streaming, limited, cancellable GET.
import CGtk
import CSoup
import Foundation
import Gtk

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
        let names = ["timeout", "idle-timeout", "user-agent", "max-conns", "max-conns-per-host"]
        var values = [GValue](repeating: GValue(), count: names.count)
        g_value_init(&values[0], GType(7 << 2)); g_value_set_uint(&values[0], configuration.ioTimeoutSeconds) // G_TYPE_UINT
        g_value_init(&values[1], GType(7 << 2)); g_value_set_uint(&values[1], 60)
        g_value_init(&values[2], GType(16 << 2)); g_value_set_string(&values[2], configuration.userAgent) // G_TYPE_STRING
        g_value_init(&values[3], GType(6 << 2)); g_value_set_int(&values[3], configuration.maxConnections) // G_TYPE_INT
        g_value_init(&values[4], GType(6 << 2)); g_value_set_int(&values[4], configuration.maxConnectionsPerHost)
        var cNames: [UnsafePointer<CChar>?] = names.map { UnsafePointer(strdup($0)) }
        let object = g_object_new_with_properties(soup_session_get_type(), guint(names.count), &cNames, &values)!
        cNames.forEach { free(UnsafeMutableRawPointer(mutating: $0)) }
        for i in values.indices { g_value_unset(&values[i]) }
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
