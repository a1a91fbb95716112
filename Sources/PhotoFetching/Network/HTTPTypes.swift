// Why this exists: what an HTTP GET is asked for (where, how much, for a gallery from where, with which headers) and what comes back.
import Foundation

/// One GET: where, how much at most, for a gallery from where (nil: the user's own URL, whose
/// first server sets the origin), with which extra headers (If-None-Match, If-Modified-Since
/// for a revalidation).
public struct HTTPRequest: Sendable {
    public var url: URL
    public var limit: Int
    public var origin: AddressSpace?
    public var headers: [String: String]
    public init(url: URL, limit: Int, origin: AddressSpace?, headers: [String: String] = [:]) {
        self.url = url
        self.limit = limit
        self.origin = origin
        self.headers = headers
    }
}

/// What came back: the status, the caching headers (lowercased names), the body (empty for a
/// 304) and the address space the request is from (the origin: for the user's own URL, its
/// first server's).
public struct HTTPResponse: Sendable {
    public let status: Int
    public let headers: [String: String]
    public let body: Data
    public let space: AddressSpace
    static let cachingHeaders = ["Cache-Control", "Expires", "Date", "Age", "ETag", "Last-Modified", "Pragma", "Content-Type", "Vary"]
}
