// Why this exists: a SoupMessage as an owned Swift type: request headers, timings, status and response headers, and the address of each connection libsoup makes for it, judged before the connection is made.
import CGLib
import CSoup
import GLibRuntime
import GLibIO

/// (@unchecked Sendable: configured before it is sent, then used by the one thread that sends it.)
public final class Message: @unchecked Sendable {
    public let ref: ObjectRef
    var pointer: OpaquePointer { ref.pointer.opaque }

    /// A request for `uri`; nil when libsoup cannot parse it.
    public init?(method: String, uri: String) {
        guard let made = soup_message_new(method, uri) else { return nil }
        ref = ObjectRef(adopting: made)
    }

    public func setRequestHeader(_ name: String, _ value: String) {
        soup_message_headers_replace(soup_message_get_request_headers(pointer), name, value)
    }

    /// Answer a 3xx with itself instead of following it (the caller checks each hop).
    public func doNotFollowRedirects() { soup_message_add_flags(pointer, SOUP_MESSAGE_NO_REDIRECT) }

    /// Ask libsoup to time each phase (`metrics`).
    public func collectMetrics() { soup_message_add_flags(pointer, SOUP_MESSAGE_COLLECT_METRICS) }

    /// Called on the sending thread for every connection libsoup makes for this message
    /// (redirects included) with the address it goes to (nil when the socket cannot say): first
    /// as the connection is about to be made (GIO's `G_SOCKET_CLIENT_CONNECTING`, before
    /// `connect()`), then once it is made. Returning false refuses the address: before the
    /// connection, its socket is closed so no packet is sent to it (GIO then tries the name's
    /// next address, judged the same way); after it, nothing is sent on it. The caller cancels
    /// the message.
    public func onConnecting(_ judge: @escaping (InetAddress?) -> Bool) {
        Signal.connectIntPointerOffMain(pointer, "network-event") { event, stream in
            guard let stream, event == Int32(G_SOCKET_CLIENT_CONNECTING.rawValue) || event == Int32(G_SOCKET_CLIENT_CONNECTED.rawValue) else { return }
            let connection = stream.assumingMemoryBound(to: GSocketConnection.self)
            let address = (try? InetAddress.remote(ofConnection: stream)) ?? nil
            if !judge(address), event == Int32(G_SOCKET_CLIENT_CONNECTING.rawValue) {
                g_socket_close(g_socket_connection_get_socket(connection), nil)
            }
        }
    }

    public var status: Int { Int(soup_message_get_status(pointer).rawValue) }
    public var reasonPhrase: String { soup_message_get_reason_phrase(pointer).map { String(cString: $0) } ?? "" }
    /// The server that answered.
    public var remoteAddress: InetAddress? { soup_message_get_remote_address(pointer).flatMap { InetAddress(socketAddress: $0) } }
    /// A response header, its values joined as HTTP says.
    public func responseHeader(_ name: String) -> String? {
        soup_message_headers_get_list(soup_message_get_response_headers(pointer), name).map { String(cString: $0) }
    }
    /// The declared body length (0 if not declared).
    public var responseContentLength: Int64 { Int64(soup_message_headers_get_content_length(soup_message_get_response_headers(pointer))) }

    /// libsoup's timestamps of the request (µs on GLib's monotonic clock; 0 for a phase that did not happen).
    public struct Metrics: Sendable {
        public let dnsStart, connectStart, connectEnd, tlsStart, requestStart, responseStart, responseEnd: UInt64
    }

    /// Set once the message was sent with `collectMetrics()`.
    public var metrics: Metrics? {
        guard let m = soup_message_get_metrics(pointer) else { return nil }
        return Metrics(dnsStart: UInt64(soup_message_metrics_get_dns_start(m)), connectStart: UInt64(soup_message_metrics_get_connect_start(m)),
                       connectEnd: UInt64(soup_message_metrics_get_connect_end(m)), tlsStart: UInt64(soup_message_metrics_get_tls_start(m)),
                       requestStart: UInt64(soup_message_metrics_get_request_start(m)), responseStart: UInt64(soup_message_metrics_get_response_start(m)),
                       responseEnd: UInt64(soup_message_metrics_get_response_end(m)))
    }
}
