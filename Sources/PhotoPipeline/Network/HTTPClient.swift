// Why this exists: the shared SoupSessions (timeouts, user agent, connection limits), private network access checked at connect time, and a streaming, limited, cancellable GET.
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
    /// One session per gallery origin. Connections are pooled per session, and libsoup reports
    /// a connection (`network-event`) only when it is made, so every connection a restricted
    /// session holds was checked when it was made; none is shared with a less restricted one.
    private let sessions: [AddressSpace: UnsafeMutablePointer<SoupSession>]

    /// Create the sessions. libsoup 3 lets a session be used from several threads as long as
    /// it is configured on the thread that made it, which is what this initializer does.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var sessions: [AddressSpace: UnsafeMutablePointer<SoupSession>] = [:]
        for origin in [AddressSpace.local, .private, .public] {
            let object = newObject(soup_session_get_type(), properties: [
                ("timeout", .uint(configuration.ioTimeoutSeconds)),
                ("idle-timeout", .uint(60)),
                ("user-agent", .string(configuration.userAgent)),
                ("max-conns", .int(configuration.maxConnections)),
                ("max-conns-per-host", .int(configuration.maxConnectionsPerHost)),
            ])
            sessions[origin] = object.assumingMemoryBound(to: SoupSession.self)
        }
        self.sessions = sessions
    }

    deinit { sessions.values.forEach { g_object_unref($0) } }

    /// GET `url` on the calling (worker) thread, reading at most `limit` bytes, for a gallery
    /// loaded from `origin`: a connection to an address that origin may not reach (see
    /// `AddressSpace.mayReach`) is refused as soon as it is made, before any request is sent,
    /// and so is one made by a redirect. Cancelling `cancellable` aborts the transfer in flight.
    public func get(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace = .local,
                    progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        try response(url, limit: limit, cancellable: cancellable, from: origin, progress: progress).data
    }

    /// The body and the address space of the server that sent it (for a manifest: where the gallery is from).
    public func response(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace = .local,
                         progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> (data: Data, space: AddressSpace) {
        let response = try send(HTTPRequest(url: url, limit: limit, origin: origin), cancellable: cancellable, progress: progress)
        return (response.body, response.space)
    }

    /// Send one GET. A 2xx answer comes back with its body; 304 Not Modified (to a conditional
    /// request) with none; anything else throws `.httpStatus`. Every request sent is traced.
    public func send(_ httpRequest: HTTPRequest, cancellable: Cancellable,
                     progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> HTTPResponse {
        let url = httpRequest.url, limit = httpRequest.limit, origin = httpRequest.origin
        guard let message = soup_message_new("GET", url.absoluteString) else {
            throw .unsupported("invalid URL for HTTP")
        }
        let requestHeaders = soup_message_get_request_headers(message)
        for (name, value) in httpRequest.headers { soup_message_headers_replace(requestHeaders, name, value) }
        defer { g_object_unref(message.raw) }
        // libsoup times each phase (the inspector's waterfall).
        soup_message_add_flags(message, SOUP_MESSAGE_COLLECT_METRICS)
        // The request has a cancellable of its own, so that a refusal cancels only it; the
        // caller's still cancels it too.
        let request = Cancellable()
        let link = cancellable.onCancel { request.cancel() }
        defer { cancellable.disconnect(link) }
        let guardian = ConnectionGuard(origin: origin)
        if origin != .local {
            Signal.connectIntPointerOffMain(message, "network-event") { event, stream in
                guard event == Int32(G_SOCKET_CLIENT_CONNECTED.rawValue), let stream else { return }
                var error: UnsafeMutablePointer<GError>?
                guard let address = g_socket_connection_get_remote_address(stream.assumingMemoryBound(to: GSocketConnection.self), &error) else {
                    if let error { g_error_free(error) }
                    guardian.refuse(NetworkRefusal(origin: origin, target: .local, address: "an unknown address"))
                    request.cancel()
                    return
                }
                defer { g_object_unref(address) }
                guard let remote = Self.inetAddress(address) else { return }
                let target = AddressSpace.of(remote.bytes)
                if !origin.mayReach(target) {
                    guardian.refuse(NetworkRefusal(origin: origin, target: target, address: remote.text))
                    request.cancel()
                }
            }
        }
        let started = Date()
        let stream: UnsafeMutablePointer<GInputStream>
        do throws(GLibError) {
            stream = try withGError { soup_session_send(sessions[origin], message, request.pointer, $0) }!
        } catch {
            if let refusal = guardian.refusal { throw .blocked(refusal) }
            throw Self.map(error, configuration: configuration)
        }
        defer {
            g_input_stream_close(stream, nil, nil)
            g_object_unref(stream)
            Self.traceMetrics(of: message, url: url)
        }
        let status = Int(soup_message_get_status(message).rawValue)
        var received = 0
        defer { Trace.shared.emit(.http(url: url.absoluteString, status: status, bytes: received)) }
        guard (200..<300).contains(status) || status == 304 else {
            let reason = soup_message_get_reason_phrase(message).map { String(cString: $0) } ?? ""
            throw .httpStatus(code: status, reason: reason)
        }
        let space = soup_message_get_remote_address(message).flatMap(Self.inetAddress).map { AddressSpace.of($0.bytes) } ?? .public
        let headers = soup_message_get_response_headers(message)
        var kept: [String: String] = [:]
        for name in HTTPResponse.cachingHeaders {
            if let value = soup_message_headers_get_list(headers, name) { kept[name.lowercased()] = String(cString: value) }
        }
        if status == 304 { return HTTPResponse(status: status, headers: kept, body: Data(), space: space) }
        let declared = soup_message_headers_get_content_length(headers)
        if declared > limit { throw .tooLarge(limit: limit) }
        let data = try StreamReader.readAll(stream, limit: limit, expected: declared > 0 ? Int(declared) : nil,
                                            cancellable: request,
                                            deadline: started.addingTimeInterval(TimeInterval(configuration.totalTimeoutSeconds)),
                                            timeoutSeconds: configuration.totalTimeoutSeconds,
                                            ioTimeoutSeconds: Int(configuration.ioTimeoutSeconds),
                                            progress: { count, expected in received = count; progress?(count, expected) })
        received = data.count
        return HTTPResponse(status: status, headers: kept, body: data, space: space)
    }

    /// Trace libsoup's timings of a request whose body has been read (or abandoned).
    static func traceMetrics(of message: OpaquePointer, url: URL) {
        guard let metrics = soup_message_get_metrics(message) else { return }
        let connectStart = soup_message_metrics_get_dns_start(metrics) != 0 ? soup_message_metrics_get_dns_start(metrics)
            : soup_message_metrics_get_connect_start(metrics)
        let connectEnd = soup_message_metrics_get_connect_end(metrics)
        let tlsStart = soup_message_metrics_get_tls_start(metrics)
        let requestStart = soup_message_metrics_get_request_start(metrics)
        let responseStart = soup_message_metrics_get_response_start(metrics)
        var responseEnd = soup_message_metrics_get_response_end(metrics)
        if responseEnd == 0 { responseEnd = guint64(g_get_monotonic_time()) }
        func ms(_ from: guint64, _ to: guint64) -> Double {
            guard from != 0, to >= from else { return 0 }
            return (Double(to - from) / 100).rounded() / 10
        }
        let connectDone = tlsStart != 0 ? tlsStart : connectEnd
        Trace.shared.emit(.metrics(url: url.absoluteString,
                                   connect: ms(connectStart, connectDone), tls: ms(tlsStart, connectEnd),
                                   wait: ms(requestStart, responseStart), receive: ms(responseStart, responseEnd)))
    }

    /// The IP address of a socket address (nil for a non-IP one), as bytes and as text.
    static func inetAddress(_ socketAddress: UnsafeMutablePointer<GSocketAddress>) -> (bytes: [UInt8], text: String)? {
        guard g_type_check_instance_is_a(socketAddress.as(GTypeInstance.self), g_inet_socket_address_get_type()) != 0,
              let address = g_inet_socket_address_get_address(socketAddress.as(GInetSocketAddress.self)) else { return nil }
        let size = Int(g_inet_address_get_native_size(address))
        let bytes = Array(UnsafeBufferPointer(start: g_inet_address_to_bytes(address), count: size))
        var text = "?"
        if let cText = g_inet_address_to_string(address) {
            text = String(cString: cText)
            g_free(cText)
        }
        return (bytes, text)
    }

    static func map(_ error: GLibError, configuration: Configuration) -> FetchError {
        if error.isCancelled { return .cancelled }
        if error.isTimedOut { return .timedOut(seconds: Int(configuration.ioTimeoutSeconds)) }
        if error.isTLS { return .tls(error.message) }
        return .transfer(error.message)
    }
}

/// What the `network-event` handler (on the sending thread) tells the sender: the refusal, if any.
final class ConnectionGuard: @unchecked Sendable {
    let origin: AddressSpace
    private let lock = NSLock()
    private var stored: NetworkRefusal?
    init(origin: AddressSpace) { self.origin = origin }
    var refusal: NetworkRefusal? { lock.withLock { stored } }
    func refuse(_ refusal: NetworkRefusal) { lock.withLock { if stored == nil { stored = refusal } } }
}

/// One GET: where, how much at most, for a gallery from where, with which extra headers
/// (If-None-Match, If-Modified-Since for a revalidation).
public struct HTTPRequest: Sendable {
    public var url: URL
    public var limit: Int
    public var origin: AddressSpace
    public var headers: [String: String]
    public init(url: URL, limit: Int, origin: AddressSpace = .local, headers: [String: String] = [:]) {
        self.url = url
        self.limit = limit
        self.origin = origin
        self.headers = headers
    }
}

/// What came back: the status, the caching headers (lowercased names), the body (empty for a
/// 304) and the address space of the server.
public struct HTTPResponse: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data
    public let space: AddressSpace
    static let cachingHeaders = ["Cache-Control", "Expires", "Date", "Age", "ETag", "Last-Modified", "Pragma", "Content-Type"]
}
