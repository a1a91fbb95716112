// Why this exists: the shared SoupSessions (timeouts, user agent, connection limits), private network access checked at connect time, and a streaming, limited, cancellable GET.
import Foundation
import Synchronization
import GLibRuntime
import Soup

public final class HTTPClient: Sendable {
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
    private let sessions: [AddressSpace: Session]

    /// Create the sessions. libsoup 3 lets a session be used from several threads as long as
    /// it is configured on the thread that made it, which is what this initializer does.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var sessions: [AddressSpace: Session] = [:]
        for origin in [AddressSpace.local, .private, .public] {
            sessions[origin] = Session(timeoutSeconds: configuration.ioTimeoutSeconds, idleTimeoutSeconds: 60,
                                       userAgent: configuration.userAgent, maxConnections: configuration.maxConnections,
                                       maxConnectionsPerHost: configuration.maxConnectionsPerHost)
        }
        self.sessions = sessions
    }

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
        guard let message = Message(method: "GET", uri: url.absoluteString) else {
            throw .unsupported("invalid URL for HTTP")
        }
        for (name, value) in httpRequest.headers { message.setRequestHeader(name, value) }
        // libsoup times each phase (the inspector's waterfall).
        message.collectMetrics()
        // The request has a cancellable of its own, so that a refusal cancels only it; the
        // caller's still cancels it too.
        let request = Cancellable()
        let link = cancellable.onCancel { request.cancel() }
        defer { cancellable.disconnect(link) }
        let guardian = ConnectionGuard(origin: origin)
        if origin != .local {
            message.onConnected { remote in
                guard let remote else {
                    guardian.refuse(NetworkRefusal(origin: origin, target: .local, address: "an unknown address"))
                    return request.cancel()
                }
                let target = AddressSpace.of(remote.bytes)
                if !origin.mayReach(target) {
                    guardian.refuse(NetworkRefusal(origin: origin, target: target, address: remote.text))
                    request.cancel()
                }
            }
        }
        let started = Date()
        let stream: ReadStream
        do throws(GLibError) {
            stream = try sessions[origin]!.send(message, cancellable: request)
        } catch {
            if let refusal = guardian.refusal { throw .blocked(refusal) }
            throw Self.map(error, configuration: configuration)
        }
        defer {
            stream.close()
            Self.traceMetrics(of: message, url: url)
        }
        let status = message.status
        var received = 0
        defer { Trace.shared.emit(.http(url: url.absoluteString, status: status, bytes: received)) }
        guard (200..<300).contains(status) || status == 304 else {
            throw .httpStatus(code: status, reason: message.reasonPhrase)
        }
        let space = message.remoteAddress.map { AddressSpace.of($0.bytes) } ?? .public
        var kept: [String: String] = [:]
        for name in HTTPResponse.cachingHeaders {
            if let value = message.responseHeader(name) { kept[name.lowercased()] = value }
        }
        if status == 304 { return HTTPResponse(status: status, headers: kept, body: Data(), space: space) }
        let declared = message.responseContentLength
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
    static func traceMetrics(of message: Message, url: URL) {
        guard let metrics = message.metrics else { return }
        let connectStart = metrics.dnsStart != 0 ? metrics.dnsStart : metrics.connectStart
        let responseEnd = metrics.responseEnd != 0 ? metrics.responseEnd : UInt64(MainLoop.monotonicMicroseconds)
        func ms(_ from: UInt64, _ to: UInt64) -> Double {
            guard from != 0, to >= from else { return 0 }
            return (Double(to - from) / 100).rounded() / 10
        }
        let connectDone = metrics.tlsStart != 0 ? metrics.tlsStart : metrics.connectEnd
        Trace.shared.emit(.metrics(url: url.absoluteString,
                                   connect: ms(connectStart, connectDone), tls: ms(metrics.tlsStart, metrics.connectEnd),
                                   wait: ms(metrics.requestStart, metrics.responseStart), receive: ms(metrics.responseStart, responseEnd)))
    }

    static func map(_ error: GLibError, configuration: Configuration) -> FetchError {
        if error.isCancelled { return .cancelled }
        if error.isTimedOut { return .timedOut(seconds: Int(configuration.ioTimeoutSeconds)) }
        if error.isTLS { return .tls(error.message) }
        return .transfer(error.message)
    }
}

/// What the `network-event` handler (on the sending thread) tells the sender: the refusal, if any.
final class ConnectionGuard: Sendable {
    let origin: AddressSpace
    private let stored = Mutex<NetworkRefusal?>(nil)
    init(origin: AddressSpace) { self.origin = origin }
    var refusal: NetworkRefusal? { stored.withLock { $0 } }
    func refuse(_ refusal: NetworkRefusal) { stored.withLock { if $0 == nil { $0 = refusal } } }
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
