// Why this exists: RFC 9111's rules for a private cache, one table row each: what may be stored, how long a response stays fresh (max-age over Expires, an invalid Expires stale, Age, the heuristic), what forces revalidation, Vary, and a 304 that updates the stored headers.
import Foundation
import PhotoPipeline
import XCTest
import PhotoFetching

final class HTTPFreshnessRFCTests: XCTestCase {
    /// Received at this moment: Mon, 21 Sep 2026 14:13:20 GMT.
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let date = "Mon, 21 Sep 2026 14:13:20 GMT"
    static let inAnHour = "Mon, 21 Sep 2026 15:13:20 GMT"

    struct Row {
        let rule: String
        let headers: [String: String]
        /// Whether it may be stored; then fresh until (and stale from) this many seconds after `now`
        /// (nil: stale at once, or must be revalidated before each use).
        let stored: Bool
        let freshFor: Double?
    }

    static let rows: [Row] = [
        Row(rule: "5.2.2.1 max-age", headers: ["cache-control": "max-age=60", "date": date], stored: true, freshFor: 60),
        Row(rule: "4.2.1 max-age wins over Expires", headers: ["cache-control": "max-age=60", "expires": inAnHour, "date": date], stored: true, freshFor: 60),
        Row(rule: "4.2.1 Expires less Date", headers: ["expires": inAnHour, "date": date], stored: true, freshFor: 3600),
        Row(rule: "4.2.1 Expires in the RFC 850 form", headers: ["expires": "Monday, 21-Sep-26 15:13:20 GMT", "date": date], stored: true, freshFor: 3600),
        Row(rule: "4.2.1 Expires in the asctime form", headers: ["expires": "Mon Sep 21 15:13:20 2026", "date": date], stored: true, freshFor: 3600),
        Row(rule: "5.3 Expires: 0 is already expired", headers: ["expires": "0", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.3 an invalid Expires is already expired, not left to the heuristic",
            headers: ["expires": "soon", "last-modified": "Sat, 13 Jun 2026 14:13:20 GMT", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.2 max-age that is not delta-seconds is stale", headers: ["cache-control": "max-age=sixty", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.2 a directive given twice is stale", headers: ["cache-control": "max-age=60, max-age=3600", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.2 directives are case-insensitive, a quoted value unquoted", headers: ["cache-control": "Max-Age=\"60\"", "date": date], stored: true, freshFor: 60),
        Row(rule: "5.2.2.4 no-cache: stored, revalidated before each use", headers: ["cache-control": "no-cache, max-age=3600", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.2.2.4 qualified no-cache", headers: ["cache-control": "no-cache=\"Set-Cookie\", max-age=3600", "date": date], stored: true, freshFor: nil),
        Row(rule: "5.4 Pragma: no-cache without Cache-Control", headers: ["pragma": "no-cache", "expires": inAnHour, "date": date], stored: true, freshFor: nil),
        Row(rule: "5.4 Pragma is ignored beside Cache-Control", headers: ["pragma": "no-cache", "cache-control": "max-age=60", "date": date], stored: true, freshFor: 60),
        Row(rule: "5.2.2.5 no-store is never stored", headers: ["cache-control": "max-age=3600, no-store", "date": date], stored: false, freshFor: nil),
        Row(rule: "5.2.2.2 must-revalidate: fresh as long as max-age says", headers: ["cache-control": "max-age=60, must-revalidate", "date": date], stored: true, freshFor: 60),
        Row(rule: "5.2.2.7 private: a private cache stores it", headers: ["cache-control": "private, max-age=60", "date": date], stored: true, freshFor: 60),
        Row(rule: "5.2.2.10 s-maxage is for shared caches", headers: ["cache-control": "s-maxage=3600, max-age=60", "date": date], stored: true, freshFor: 60),
        Row(rule: "4.2.3 Age counts against max-age", headers: ["cache-control": "max-age=60", "age": "50", "date": date], stored: true, freshFor: 10),
        Row(rule: "4.2.3 a Date in the past counts as age", headers: ["cache-control": "max-age=60", "date": "Mon, 21 Sep 2026 14:13:10 GMT"], stored: true, freshFor: 50),
        Row(rule: "4.2.3 the larger of Age and Date's age", headers: ["cache-control": "max-age=60", "age": "5", "date": "Mon, 21 Sep 2026 14:13:10 GMT"], stored: true, freshFor: 50),
        Row(rule: "4.2.2 heuristic: a tenth of the time since Last-Modified", headers: ["last-modified": "Mon, 21 Sep 2026 13:13:20 GMT", "date": date], stored: true, freshFor: 360),
        Row(rule: "4.2.2 heuristic, capped at a day", headers: ["last-modified": "Sat, 13 Jun 2026 14:13:20 GMT", "date": date], stored: true, freshFor: 86_400),
        Row(rule: "no expiry and no validator: stale at once", headers: ["date": date], stored: true, freshFor: nil),
        Row(rule: "4.1 Vary: Accept-Encoding (the cache's requests never differ in it)", headers: ["vary": "Accept-Encoding", "cache-control": "max-age=60", "date": date], stored: true, freshFor: 60),
        Row(rule: "4.1 Vary on another request header is not stored (the cache keys by URL)", headers: ["vary": "accept-encoding, User-Agent", "cache-control": "max-age=60", "date": date], stored: false, freshFor: nil),
        Row(rule: "4.1 Vary: * never matches", headers: ["vary": "*", "cache-control": "max-age=60", "date": date], stored: false, freshFor: nil),
    ]

    func testEachRuleOfRFC9111() {
        for row in Self.rows {
            XCTAssertEqual(HTTPFreshness.mayStore(row.headers), row.stored, "\(row.rule): stored")
            guard row.stored else { continue }
            let freshness = HTTPFreshness(headers: row.headers, now: Self.now)
            if let freshFor = row.freshFor {
                XCTAssertTrue(freshness.isFresh(at: Self.now.addingTimeInterval(freshFor - 1)), "\(row.rule): fresh a second before \(freshFor) s")
                XCTAssertFalse(freshness.isFresh(at: Self.now.addingTimeInterval(freshFor + 1)), "\(row.rule): stale a second after \(freshFor) s")
            } else {
                XCTAssertFalse(freshness.isFresh(at: Self.now), "\(row.rule): stale at once")
            }
        }
    }

    /// 4.3.4: a 304's headers replace the stored ones they name; the others stay.
    func testA304UpdatesTheStoredHeaders() {
        let stored = HTTPFreshness(headers: ["cache-control": "max-age=60", "etag": "\"a\"", "last-modified": "Mon, 21 Sep 2026 13:13:20 GMT",
                                             "date": Self.date], now: Self.now)
        let later = Self.now.addingTimeInterval(120), laterDate = "Mon, 21 Sep 2026 14:15:20 GMT"
        XCTAssertFalse(stored.isFresh(at: later))

        // A 304 with Date only: the stored max-age counts again from now.
        let bare = stored.refreshed(with: ["date": laterDate], now: later)
        XCTAssertTrue(bare.isFresh(at: later.addingTimeInterval(59)), "the stored max-age is kept")
        XCTAssertFalse(bare.isFresh(at: later.addingTimeInterval(61)))
        XCTAssertEqual(bare.etag, "\"a\"", "the stored validator is kept")
        XCTAssertEqual(bare.conditionalHeaders["If-None-Match"], "\"a\"")

        // A 304 with its own Cache-Control and ETag: they replace the stored ones.
        let longer = stored.refreshed(with: ["date": laterDate, "cache-control": "max-age=600", "etag": "\"b\""], now: later)
        XCTAssertTrue(longer.isFresh(at: later.addingTimeInterval(599)))
        XCTAssertEqual(longer.etag, "\"b\"")
        XCTAssertEqual(longer.lastModified, "Mon, 21 Sep 2026 13:13:20 GMT")

        // A 304 that says no-cache from now on.
        XCTAssertFalse(stored.refreshed(with: ["date": laterDate, "cache-control": "no-cache"], now: later).isFresh(at: later))

        // The stored response's Age described it, not the 304: it does not age the refreshed one.
        let aged = HTTPFreshness(headers: ["cache-control": "max-age=60", "age": "50", "etag": "\"a\""], now: Self.now)
        XCTAssertTrue(aged.refreshed(with: [:], now: later).isFresh(at: later.addingTimeInterval(30)))
    }

    /// An entry written before the headers were kept still revalidates with its validators.
    func testAnEntryWithoutStoredHeadersStillRefreshes() throws {
        var old = HTTPFreshness(headers: ["cache-control": "max-age=60", "etag": "\"a\""], now: Self.now)
        old.headers = nil
        let data = try JSONEncoder().encode(old)
        let decoded = try JSONDecoder().decode(HTTPFreshness.self, from: data)
        let refreshed = decoded.refreshed(with: ["cache-control": "max-age=60"], now: Self.now)
        XCTAssertEqual(refreshed.etag, "\"a\"")
        XCTAssertTrue(refreshed.isFresh(at: Self.now.addingTimeInterval(30)))
    }
}
