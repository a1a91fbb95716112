// Why this exists: a Swift error carrying a GError's domain, code and message, freeing the GError.
import CGLib

public struct GLibError: Error, Sendable, CustomStringConvertible {
    public let domain: String
    public let code: Int32
    public let message: String

    /// Take ownership of `error` (freeing it) and describe it.
    public init(taking error: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(error.pointee.domain))
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(error)
    }

    public init(domain: String, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    public var isCancelled: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_CANCELLED.rawValue }
    public var isTimedOut: Bool { domain == "g-io-error-quark" && code == G_IO_ERROR_TIMED_OUT.rawValue }
    public var isTLS: Bool { domain == "g-tls-error-quark" }
    public var description: String { message }
}

/// Call a C function that reports failure through a `GError**`; throw if it set one.
public func withGError<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws(GLibError) -> T {
    var error: UnsafeMutablePointer<GError>?
    let result = body(&error)
    if let error { throw GLibError(taking: error) }
    return result
}
