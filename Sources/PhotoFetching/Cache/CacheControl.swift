// Why this exists: a response's Cache-Control as a private cache reads it (RFC 9111 5.2), parsed by libsoup: what forbids storing, what forces revalidation, and the explicit lifetime, with an invalid or repeated directive read as stale.
import Foundation
import Soup

struct CacheControl: Equatable {
    /// `no-store`: never written to disk.
    var noStore = false
    /// `no-cache` (also qualified, `no-cache="Set-Cookie"`, read as the whole response), or
    /// `Pragma: no-cache` where there is no Cache-Control: revalidated before each use.
    var noCache = false
    /// `max-age`: nil when absent; 0 when present but not delta-seconds, or when a directive
    /// appears twice (5.2: "the cache is encouraged to consider the response stale").
    var maxAge: Double?

    /// `s-maxage`, `private`, `public`, `must-revalidate` and `proxy-revalidate` change nothing
    /// here: s-maxage is for shared caches, a private cache may store `private`, and a stale
    /// response is never used without revalidating anyway.
    init(_ headers: [String: String]) {
        guard let value = headers["cache-control"] else {
            noCache = headers["pragma"].map { HeaderValue.list($0).contains { $0.lowercased() == "no-cache" } } ?? false
            return
        }
        let directives = HeaderValue.parameters(value, strict: false) ?? [:]
        noStore = directives.keys.contains("no-store")
        noCache = directives.keys.contains("no-cache")
        if HeaderValue.parameters(value, strict: true) == nil {
            maxAge = 0
        } else if let entry = directives["max-age"] {
            maxAge = entry.flatMap(Self.deltaSeconds) ?? 0
        }
    }

    /// delta-seconds (RFC 9111 1.2.2): digits only; past 2^31 read as 2^31.
    static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return min(Double(text) ?? 2_147_483_648, 2_147_483_648)
    }
}
