// Why this exists: HTTP caching rules for a private cache (RFC 9111): whether a response may be stored, how long it stays fresh, and what a revalidation sends.
import Foundation

public struct HTTPFreshness: Codable, Sendable, Equatable {
    /// When the response was received (Unix seconds), less the Age the server reported.
    public var storedAt: Double
    /// How long it stays fresh, in seconds from `storedAt` (0: stale at once).
    public var lifetime: Double
    /// `Cache-Control: no-cache`: may be stored, but must be revalidated before each use.
    public var mustRevalidate: Bool
    public var etag: String?
    public var lastModified: String?

    /// Whether a response with these headers may be stored at all: not `no-store`, and not one
    /// that varies by a request header (`Vary`) other than Accept-Encoding: the cache keys by
    /// URL alone, so it would hand one requester's answer to another.
    public static func mayStore(_ headers: [String: String]) -> Bool {
        guard !directives(headers["cache-control"]).keys.contains("no-store") else { return false }
        let varies = (headers["vary"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        return varies.allSatisfy { $0.isEmpty || $0 == "accept-encoding" }
    }

    /// The freshness of a response received at `now` with these (lowercased) headers.
    public init(headers: [String: String], now: Date = Date()) {
        let control = Self.directives(headers["cache-control"])
        let age = Double(headers["age"] ?? "").map { max(0, $0) } ?? 0
        storedAt = now.timeIntervalSince1970 - age
        etag = headers["etag"]
        lastModified = headers["last-modified"]
        mustRevalidate = control.keys.contains("no-cache") || (headers["pragma"]?.lowercased().contains("no-cache") ?? false)
        if let maxAge = control["max-age"].flatMap({ Double($0) }) {
            lifetime = max(0, maxAge)
        } else if let expires = headers["expires"].flatMap(Self.httpDate) {
            let date = headers["date"].flatMap(Self.httpDate) ?? now
            lifetime = max(0, expires.timeIntervalSince(date))
        } else if let modified = lastModified.flatMap(Self.httpDate) {
            // A heuristic lifetime (RFC 9111 4.2.2): a tenth of the time since it last changed, at most a day.
            let date = headers["date"].flatMap(Self.httpDate) ?? now
            lifetime = min(86_400, max(0, date.timeIntervalSince(modified) / 10))
        } else {
            lifetime = 0
        }
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

    /// After a 304: the new headers refresh the stored ones (a missing validator stays as it was).
    public func refreshed(with headers: [String: String], now: Date = Date()) -> HTTPFreshness {
        var merged = headers
        if merged["etag"] == nil, let etag { merged["etag"] = etag }
        if merged["last-modified"] == nil, let lastModified { merged["last-modified"] = lastModified }
        return HTTPFreshness(headers: merged, now: now)
    }

    /// `max-age=60, no-cache` → ["max-age": "60", "no-cache": ""].
    static func directives(_ value: String?) -> [String: String] {
        var result: [String: String] = [:]
        for part in (value ?? "").split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pieces.count > 1 ? pieces[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
        }
        return result
    }

    /// An HTTP date (IMF-fixdate, as servers send them).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
