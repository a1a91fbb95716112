// Why this exists: the memory cache evicts by bytes (not count), least recently used first, never a pinned key, and says what it evicted.
import CGdkPixbuf
import Foundation
import TestAndBenchSupport
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching

final class MemoryCacheTests: XCTestCase {
    /// A thumbnail of `side`² RGB pixels.
    static func thumbnail(_ side: Int) -> Thumbnail {
        Thumbnail(TestImages.pixbuf(width: side, height: side) { _, _ in [1, 2, 3] })
    }

    static func key(_ n: Int) -> ImageKey { ImageKey(url: "http://x/\(n).png", pixels: 64, variant: .original) }

    func testEvictsLeastRecentlyUsedByBytes() {
        MainActor.assumeIsolated {
            let small = Self.thumbnail(10), big = Self.thumbnail(40)
            let cache = MemoryCache(limit: big.byteCount + 3 * small.byteCount)
            var evicted: [ImageKey] = []
            cache.observeEvictions(by: cache) { evicted.append($0) }
            for n in 0..<3 { cache.insert(Self.thumbnail(10), for: Self.key(n)) }
            _ = cache.image(for: Self.key(0)) // 0 is now the most recently used
            cache.insert(big, for: Self.key(9))
            XCTAssertEqual(evicted, [], "within the limit")
            cache.insert(Self.thumbnail(10), for: Self.key(3))
            XCTAssertEqual(evicted, [Self.key(1)], "the least recently used goes first (not 0, used since)")
            cache.insert(Self.thumbnail(40), for: Self.key(10))
            XCTAssertEqual(evicted, [Self.key(1), Self.key(2), Self.key(0), Self.key(9)], "a big entry costs as many bytes as it has")
            XCTAssertLessThanOrEqual(cache.cost, cache.limit)
        }
    }

    /// Every gallery using the shared cache hears of its evictions, not only the last one made;
    /// one that is gone is forgotten.
    func testEveryLiveObserverHearsOfEvictions() {
        MainActor.assumeIsolated {
            let cache = MemoryCache(limit: Self.thumbnail(10).byteCount)
            final class Owner {}
            let first = Owner(), second = Owner()
            var heardByFirst: [ImageKey] = [], heardBySecond: [ImageKey] = []
            cache.observeEvictions(by: first) { heardByFirst.append($0) }
            cache.observeEvictions(by: second) { heardBySecond.append($0) }
            var gone: Owner? = Owner()
            var heardByGone = 0
            cache.observeEvictions(by: gone!) { _ in heardByGone += 1 }
            gone = nil
            cache.insert(Self.thumbnail(10), for: Self.key(0))
            cache.insert(Self.thumbnail(10), for: Self.key(1))
            XCTAssertEqual(heardByFirst, [Self.key(0)], "the first gallery made still hears")
            XCTAssertEqual(heardBySecond, [Self.key(0)])
            XCTAssertEqual(heardByGone, 0, "a gallery that is gone is not told")
            XCTAssertEqual(cache.evictionObserverCount, 2)
            withExtendedLifetime((first, second)) {}
        }
    }

    func testPinnedKeysAreNeverEvicted() {
        MainActor.assumeIsolated {
            let one = Self.thumbnail(20).byteCount
            let cache = MemoryCache(limit: 2 * one)
            var evicted: [ImageKey] = []
            cache.observeEvictions(by: cache) { evicted.append($0) }
            cache.insert(Self.thumbnail(20), for: Self.key(0))
            cache.insert(Self.thumbnail(20), for: Self.key(1))
            cache.setPinned([Self.key(0), Self.key(1)])
            cache.insert(Self.thumbnail(20), for: Self.key(2))
            XCTAssertEqual(evicted, [Self.key(2)], "only the unpinned one can go, even the newest")
            XCTAssertTrue(cache.contains(Self.key(0)) && cache.contains(Self.key(1)))
            cache.setPinned([])
            cache.insert(Self.thumbnail(20), for: Self.key(3))
            XCTAssertEqual(evicted, [Self.key(2), Self.key(0)], "unpinned, the oldest goes")
        }
    }
}
