// Why this exists: a real libsoup HTTP server on 127.0.0.1, on its own thread and main context, with latency and faults injected per request.
import CGLib
import CGdkPixbuf
import CSoup
import Foundation
import GLibRuntime

/// What the server does with one request.
public struct ServerPlan: Sendable {
    public enum Mode: Sendable {
        case normal
        /// Declare the full length, send half, then close the connection.
        case truncate
        /// Declare the full length, send a little, then never send more.
        case stall
        /// Send one byte every `interval` milliseconds.
        case trickle(intervalMs: UInt32)
        /// Answer in full, keeping the connection alive, then close it as soon as the answer is
        /// sent (a server's keep-alive limit), so the client's idle connection is a dead one.
        case hangUp
    }
    public var status: UInt32 = 200
    public var body = Data()
    public var contentType = "application/octet-stream"
    public var delayMs: UInt32 = 0
    public var mode: Mode = .normal
    public var headers: [String: String] = [:]

    public init(status: UInt32 = 200, body: Data = Data(), contentType: String = "application/octet-stream",
                delayMs: UInt32 = 0, mode: Mode = .normal, headers: [String: String] = [:]) {
        self.status = status; self.body = body; self.contentType = contentType
        self.delayMs = delayMs; self.mode = mode; self.headers = headers
    }
}

/// A SoupServer listening on 127.0.0.1 (a free port), serving whatever `route` plans.
public final class TestServer: @unchecked Sendable {
    public typealias Route = @Sendable (_ path: String, _ query: [String: String]) -> ServerPlan

    public private(set) var port: UInt16 = 0
    public var baseURL: URL { URL(string: "\(tlsCertificate == nil ? "http" : "https")://127.0.0.1:\(port)")! }
    let route: Route
    /// A PEM certificate and key: serve HTTPS with it (a self-signed one, for the TLS test).
    let tlsCertificate: String?
    var context: OpaquePointer?
    var loop: OpaquePointer?
    var server: UnsafeMutablePointer<SoupServer>?
    let ready = DispatchSemaphore(value: 0)
    let lock = NSLock()
    var requestLog: [String] = []
    var addressLog: [(address: String, request: String)] = []
    var conditionalLog: [String] = []
    /// Called (on the server's thread) with each request's local address and path.
    let onRequest: (@Sendable (String, String) -> Void)?
    /// 0: a free port on 127.0.0.1; any other: that port on every address (IPv4).
    let everywherePort: UInt16
    var thread: Thread?

    /// `everywhere`: listen on this port on every IPv4 address of the network namespace (the
    /// private-network tests give loopback public and addresses); nil: a free port on 127.0.0.1.
    public init(tlsCertificatePEM: String? = nil, everywhere port: UInt16? = nil,
                onRequest: (@Sendable (_ localAddress: String, _ request: String) -> Void)? = nil, route: @escaping Route) throws {
        self.route = route
        self.onRequest = onRequest
        everywherePort = port ?? 0
        tlsCertificate = tlsCertificatePEM
        let thread = Thread { [unowned self] in self.serve() }
        thread.name = "test-server"
        self.thread = thread
        thread.start()
        ready.wait()
        if port == 0 { throw NSError(domain: "TestServer", code: 1, userInfo: [NSLocalizedDescriptionKey: "could not listen"]) }
    }

    /// Paths requested so far (with their query), in order.
    public var requests: [String] { lock.withLock { requestLog } }
    /// Requests that carried If-None-Match (revalidations).
    public var conditionalRequests: [String] { lock.withLock { conditionalLog } }

    /// Requests with the local address each came in on ("127.0.0.1", "203.0.113.10"…).
    public var requestsByAddress: [(address: String, request: String)] { lock.withLock { addressLog } }

    /// Quit the server's loop and wait for its thread. Safe to call more than once.
    public func stop() {
        guard let loop = lock.withLock({ () -> OpaquePointer? in
            defer { self.loop = nil }
            return self.loop
        }) else { return }
        // A source on the server's own context quits its loop (from any thread).
        let source = g_idle_source_new()
        g_source_set_callback(source, { data in
            g_main_loop_quit(OpaquePointer(data))
            return 0
        }, UnsafeMutableRawPointer(loop), nil)
        g_source_attach(source, g_main_loop_get_context(loop))
        g_source_unref(source)
        while thread?.isFinished == false { usleep(1000) }
    }

    deinit { stop() }

    func serve() {
        context = g_main_context_new()
        g_main_context_push_thread_default(context)
        loop = g_main_loop_new(context, 0)
        let object: UnsafeMutableRawPointer
        if let pem = tlsCertificate, let certificate = g_tls_certificate_new_from_pem(pem, -1, nil) {
            object = newObject(soup_server_get_type(), properties: [("tls-certificate", .object(certificate.raw, type: g_tls_certificate_get_type()))])
            g_object_unref(certificate.raw)
        } else {
            object = newObject(soup_server_get_type())
        }
        server = object.raw.assumingMemoryBound(to: SoupServer.self)
        let data = Unmanaged.passUnretained(self).toOpaque()
        soup_server_add_handler(server, nil, { _, message, path, query, data in
            let server = Unmanaged<TestServer>.fromOpaque(data!).takeUnretainedValue()
            server.handle(message!, path: path.map { String(cString: $0) } ?? "/", query: query)
        }, data, nil)
        var error: UnsafeMutablePointer<GError>?
        let options = tlsCertificate == nil ? SOUP_SERVER_LISTEN_IPV4_ONLY
            : SoupServerListenOptions(rawValue: SOUP_SERVER_LISTEN_IPV4_ONLY.rawValue | SOUP_SERVER_LISTEN_HTTPS.rawValue)
        let listening = everywherePort != 0
            ? soup_server_listen_all(server, guint(everywherePort), options, &error)
            : soup_server_listen_local(server, 0, options, &error)
        if listening != 0,
           let uris = soup_server_get_uris(server), let first = uris.pointee.data {
            port = UInt16(g_uri_get_port(OpaquePointer(first)))
            g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) })
        }
        if let error { g_error_free(error) }
        let runLoop = loop
        ready.signal()
        if port != 0 { g_main_loop_run(runLoop) }
        soup_server_disconnect(server)
        g_object_unref(object)
        g_main_loop_unref(runLoop)
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }

    func handle(_ message: OpaquePointer, path: String, query: OpaquePointer?) {
        var parameters: [String: String] = [:]
        if let query {
            var iterator = GHashTableIter()
            g_hash_table_iter_init(&iterator, query)
            var key: gpointer?, value: gpointer?
            while g_hash_table_iter_next(&iterator, &key, &value) != 0 {
                if let key, let value {
                    parameters[String(cString: key.assumingMemoryBound(to: CChar.self))] =
                        String(cString: value.assumingMemoryBound(to: CChar.self))
                }
            }
        }
        let queryText = parameters.keys.sorted().map { "\($0)=\(parameters[$0]!)" }.joined(separator: "&")
        let request = queryText.isEmpty ? path : "\(path)?\(queryText)"
        var local = "?"
        if let address = soup_server_message_get_local_address(message),
           g_type_check_instance_is_a(address.as(GTypeInstance.self), g_inet_socket_address_get_type()) != 0,
           let inet = g_inet_socket_address_get_address(address.as(GInetSocketAddress.self)),
           let text = g_inet_address_to_string(inet) {
            local = String(cString: text)
            g_free(text)
        }
        lock.withLock {
            requestLog.append(request)
            addressLog.append((local, request))
        }
        onRequest?(local, request)
        var plan = route(path, parameters)
        // A conditional GET whose validator still matches gets 304 Not Modified, with no body,
        // as a real server answers one.
        let requestHeaders = soup_server_message_get_request_headers(message)
        let ifNoneMatch = soup_message_headers_get_one(requestHeaders, "If-None-Match").map { String(cString: $0) }
        if let etag = plan.headers["ETag"], plan.status == 200, ifNoneMatch == etag {
            plan.status = 304
            plan.body = Data()
            plan.mode = .normal
        }
        lock.withLock { if ifNoneMatch != nil { conditionalLog.append(request) } }
        let exchange = Exchange(message)
        if plan.delayMs > 0 {
            soup_server_message_pause(message)
            later(plan.delayMs) { [self] in
                guard !exchange.finished else { exchange.release(); return }
                respond(exchange, plan)
                soup_server_message_unpause(message)
            }
        } else {
            respond(exchange, plan)
        }
    }
}
