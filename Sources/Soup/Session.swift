// Why this exists: a SoupSession as an owned Swift type: configured where it is made, then used from any worker thread (libsoup 3 allows it), sending one message at a time per call.
import CGLib
import CSoup
import GLibRuntime
import GLibIO

/// (@unchecked Sendable: a SoupSession used synchronously is safe across threads (libsoup 3).)
public final class Session: @unchecked Sendable {
    public let ref: ObjectRef
    private var pointer: UnsafeMutablePointer<SoupSession> { ref.pointer.as(SoupSession.self) }

    /// `timeoutSeconds`: socket I/O (a server that never answers, a body that stalls);
    /// `idleTimeoutSeconds`: how long an unused connection is kept; `trustedCertificates`: a
    /// PEM file of the certificate authorities to trust instead of the system's (nil: the system's).
    public init(timeoutSeconds: UInt32, idleTimeoutSeconds: UInt32, userAgent: String,
                maxConnections: Int32, maxConnectionsPerHost: Int32, trustedCertificates: String? = nil) {
        var properties: [(String, PropertyValue)] = [
            ("timeout", .uint(timeoutSeconds)),
            ("idle-timeout", .uint(idleTimeoutSeconds)),
            ("user-agent", .string(userAgent)),
            ("max-conns", .int(maxConnections)),
            ("max-conns-per-host", .int(maxConnectionsPerHost)),
        ]
        var database: ObjectRef?
        if let trustedCertificates, let made = g_tls_file_database_new(trustedCertificates, nil) {
            database = ObjectRef(adopting: made)
            properties.append(("tls-database", .object(database!.raw, type: g_tls_database_get_type())))
        }
        ref = ObjectRef(adopting: newObject(soup_session_get_type(), properties: properties))
        withExtendedLifetime(database) {}
    }

    /// Send `message` and wait, on the calling (worker) thread, for the response's headers;
    /// the body is the returned stream. Cancelling `cancellable` aborts it at once.
    public func send(_ message: Message, cancellable: Cancellable) throws(GLibError) -> ReadStream {
        let stream = try withGError { soup_session_send(pointer, message.pointer, cancellable.pointer, $0) }
        return ReadStream(adopting: stream!)
    }
}
