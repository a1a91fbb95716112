// Why this exists: HTTP caching rules for a private cache (RFC 9111): whether a response may be stored, how long it stays fresh, what a revalidation sends, and how a 304 updates what was stored.
import Foundation
import Soup

public struct HTTPFreshness: Codable, Sendable, Equatable {
    /// When the response was received (Unix seconds), less its age then (4.2.3).
    public var storedAt: Double
    /// How long it stays fresh, in seconds from `storedAt` (0: stale at once).
    public var lifetime: Double
    /// `Cache-Control: no-cache`: may be stored, but must be revalidated before each use.
    public var mustRevalidate: Bool
    public var etag: String?
    public var lastModified: String?
    /// The response's caching headers as stored, so that a 304 updates them (4.3.4) instead of
    /// replacing them; nil in an entry written before they were kept.
    public var headers: [String: String]?

    /// The headers freshness is computed from, and that a 304 may update.
    static let kept: Set<String> = ["cache-control", "expires", "date", "last-modified", "etag", "age", "pragma"]
    /// The heuristic lifetime's cap (4.2.2 leaves it to the cache): a day.
    static let heuristicCap: Double = 86_400

    /// Whether a response with these (lowercased) headers may be stored at all: not `no-store`,
    /// and not one that varies by a request header (`Vary`) other than Accept-Encoding: the
    /// cache keys by URL alone, so it would hand one requester's answer to another; `Vary: *`
    /// never matches (4.1).
    public static func mayStore(_ headers: [String: String]) -> Bool {
        guard !CacheControl(headers).noStore else { return false }
        return HeaderValue.list(headers["vary"] ?? "").allSatisfy { $0.lowercased() == "accept-encoding" }
    }

    /// The freshness of a response received at `now` with these (lowercased) headers.
    public init(headers: [String: String], now: Date = Date()) {
        let control = CacheControl(headers)
        let date = headers["date"].flatMap(HeaderValue.date)
        // Its age when received: the Age it reports, or how long ago its Date was, whichever is more.
        let reported = headers["age"].flatMap(CacheControl.deltaSeconds) ?? 0
        let apparent = date.map { max(0, now.timeIntervalSince($0)) } ?? 0
        storedAt = now.timeIntervalSince1970 - max(reported, apparent)
        etag = headers["etag"]
        lastModified = headers["last-modified"]
        mustRevalidate = control.noCache
        self.headers = headers.filter { Self.kept.contains($0.key) }
        lifetime = Self.lifetime(control, headers, date: date ?? now)
    }

    /// 4.2.1: max-age, else Expires less Date (an invalid Expires, "0" among them, is already
    /// expired), else a heuristic of a tenth of the time since Last-Modified, capped (4.2.2).
    static func lifetime(_ control: CacheControl, _ headers: [String: String], date: Date) -> Double {
        if let maxAge = control.maxAge { return maxAge }
        if let expires = headers["expires"] {
            return HeaderValue.date(expires).map { max(0, $0.timeIntervalSince(date)) } ?? 0
        }
        if let modified = headers["last-modified"].flatMap(HeaderValue.date) {
            return min(heuristicCap, max(0, date.timeIntervalSince(modified) / 10))
        }
        return 0
    }

    public func isFresh(at now: Date = Date()) -> Bool {
        !mustRevalidate && now.timeIntervalSince1970 - storedAt < lifetime
    }

    /// Whether a conditional request can be made (the response had a validator).
    public var canRevalidate: Bool { etag != nil || lastModified != nil }

    /// The headers of a conditional GET.
    public var conditionalHeaders: [String: String] {
        var headers: [String: String] = [:]
        if let etag { headers["If-None-Match"] = etag }
        if let lastModified { headers["If-Modified-Since"] = lastModified }
        return headers
    }

    /// After a 304 received at `now`: each header it carries replaces the stored one, the others
    /// stay (4.3.4), and freshness is computed again. The stored Date and Age described the old
    /// response, not this one, so they go.
    public func refreshed(with received: [String: String], now: Date = Date()) -> HTTPFreshness {
        var merged = headers ?? [:]
        if headers == nil {
            if let etag { merged["etag"] = etag }
            if let lastModified { merged["last-modified"] = lastModified }
        }
        merged["date"] = nil
        merged["age"] = nil
        for (name, value) in received where Self.kept.contains(name) { merged[name] = value }
        return HTTPFreshness(headers: merged, now: now)
    }
}
