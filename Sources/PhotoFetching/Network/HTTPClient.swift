// Why this exists: the shared SoupSessions (timeouts, user agent, connection limits), and a GET that follows redirects one checked hop at a time.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding
import Soup

public final class HTTPClient: Sendable {
    public struct Configuration: Sendable {
        /// Socket I/O timeout: a server that accepts and never answers, or a body that stalls.
        public var ioTimeoutSeconds: UInt32 = 15
        /// Whole-transfer deadline: stops a body that trickles a few bytes a second.
        public var totalTimeoutSeconds: Int = 60
        public var userAgent = "ClassicPhotos/\(AppInfo.version) (+https://github.com/classicphotos) "
        public var maxConnections: Int32 = 16
        /// Requests in flight to one server at once (counted by `HostSlots`, not by libsoup).
        public var maxConnectionsPerHost: Int32 = 6
        /// Certificate authorities to trust instead of the system's (a PEM file; tests trust
        /// their own server this way). Nil: the system's.
        public var trustedCertificates: String?
        /// Told of each exchange and its timings (the pipeline traces them); nil: told to no one.
        public var events: (@Sendable (NetworkEvent) -> Void)?
        public init() {}
    }

    public let configuration: Configuration
    /// One session per gallery origin. Connections are pooled per session, and libsoup reports
    /// a connection (`network-event`) only when it is made, so every connection a restricted
    /// session holds was checked when it was made; none is shared with a less restricted one.
    private let sessions: [AddressSpace: Session]
    /// How many requests go to one server at once (shared by the sessions).
    private let slots: HostSlots

    /// Create the sessions. libsoup 3 lets a session be used from several threads as long as
    /// it is configured on the thread that made it, which is what this initializer does.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let slots = HostSlots(perServer: Int(configuration.maxConnectionsPerHost))
        self.slots = slots
        var sessions: [AddressSpace: Session] = [:]
        for origin in [AddressSpace.local, .private, .public] {
            sessions[origin] = Session(timeoutSeconds: configuration.ioTimeoutSeconds, idleTimeoutSeconds: 60,
                                       userAgent: configuration.userAgent,
                                       maxConnections: max(configuration.maxConnections, slots.libsoupLimit),
                                       maxConnectionsPerHost: slots.libsoupLimit,
                                       trustedCertificates: configuration.trustedCertificates)
        }
        self.sessions = sessions
    }

    /// GET `url` on the calling (worker) thread, reading at most `limit` bytes, for a gallery
    /// loaded from `origin` (see `AddressSpace.mayReach`); nil for the user's own URL (a
    /// manifest), whose first server sets the origin. Cancelling `cancellable` aborts the
    /// transfer in flight.
    public func get(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace? = .local,
                    progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> Data {
        try response(url, limit: limit, cancellable: cancellable, from: origin, progress: progress).data
    }

    /// The body and the space it is from (for a manifest: where the gallery is from).
    public func response(_ url: URL, limit: Int, cancellable: Cancellable, from origin: AddressSpace? = .local,
                         progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> (data: Data, space: AddressSpace) {
        let response = try send(HTTPRequest(url: url, limit: limit, origin: origin), cancellable: cancellable, progress: progress)
        return (response.body, response.space)
    }

    /// libsoup's limit, which the app keeps now that it follows redirects itself.
    static let maxRedirects = 20

    /// Send one GET, following redirects one hop at a time, so each hop is checked before a
    /// byte is sent to it:
    /// - every address connected to must be one the origin may reach (checked as the connection
    ///   is made); for the user's own URL the first server sets the origin, and a redirect may
    ///   not go somewhere more private than it;
    /// - through a proxy (which is all the connection sees), the host is resolved here and
    ///   every address it has must be one the origin may reach;
    /// - an `https:` URL may not redirect to `http:` ("insecure redirect"), as browsers refuse
    ///   for what a page loads.
    /// A 2xx answer comes back with its body; 304 Not Modified (to a conditional request) with
    /// none; anything else throws `.httpStatus`. Every request sent is traced.
    public func send(_ request: HTTPRequest, cancellable: Cancellable,
                     progress: ((Int, Int?) -> Void)? = nil) throws(FetchError) -> HTTPResponse {
        var url = request.url, origin = request.origin
        let started = Date()
        for hop in 0...Self.maxRedirects {
            let exchange = HTTPExchange(url: url, origin: origin, headers: hop == 0 ? request.headers : [:],
                                        session: sessions[origin ?? .local]!, configuration: configuration)
            let answer = try slots.withSlot(for: url, cancellable: cancellable) { () throws(FetchError) in
                try exchange.run(limit: request.limit, cancellable: cancellable, started: started, progress: progress)
            }
            // The user's own URL: where its first server is sets what the rest may reach.
            if origin == nil { origin = answer.space }
            guard let location = answer.redirect else {
                return HTTPResponse(status: answer.status, headers: answer.headers, body: answer.body, space: origin ?? .local)
            }
            guard let next = URL(string: location, relativeTo: url)?.absoluteURL,
                  let scheme = next.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
                throw .transfer(Words("a redirect to an unusable location “%1$s”", "\(Redacted.url(location))"))
            }
            if url.scheme?.lowercased() == "https", scheme == "http" {
                throw .insecureRedirect(to: Redacted.url(next.absoluteString))
            }
            url = next
        }
        throw .transfer(Words("Too many redirects"))
    }

    /// Trace libsoup's timings of a request whose body has been read (or abandoned).
    static func traceMetrics(of message: Message, url: URL, to events: (@Sendable (NetworkEvent) -> Void)?) {
        guard let events, let metrics = message.metrics else { return }
        let connectStart = metrics.dnsStart != 0 ? metrics.dnsStart : metrics.connectStart
        let responseEnd = metrics.responseEnd != 0 ? metrics.responseEnd : UInt64(MainLoop.monotonicMicroseconds)
        func ms(_ from: UInt64, _ to: UInt64) -> Double {
            guard from != 0, to >= from else { return 0 }
            return (Double(to - from) / 100).rounded() / 10
        }
        let connectDone = metrics.tlsStart != 0 ? metrics.tlsStart : metrics.connectEnd
        events(.metrics(url: Redacted.url(url.absoluteString),
                        connect: ms(connectStart, connectDone), tls: ms(metrics.tlsStart, metrics.connectEnd),
                        wait: ms(metrics.requestStart, metrics.responseStart), receive: ms(metrics.responseStart, responseEnd)))
    }

    static func map(_ error: GLibError, configuration: Configuration) -> FetchError {
        if error.isCancelled { return .cancelled }
        if error.isTimedOut { return .timedOut(seconds: Int(configuration.ioTimeoutSeconds)) }
        if error.isTLS { return .tls(error.message) }
        return .transfer(Words(verbatim: error.message))
    }
}

