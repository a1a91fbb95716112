// Why this exists: the inspector's observer folds the trace's events into counts that agree with them, keeps only the last 5,000, and tells its reader once until it reads, whatever the event rate.
import Foundation
import XCTest
@testable import PhotoPipeline
@testable import PhotoTrace

final class TraceObserverTests: XCTestCase {
    func testCountsFollowTheEvents() {
        let observer = TraceObserver()
        observer.record(.width(queue: .download, width: 6), t: 0)
        for row in 0..<4 { observer.record(.queued(queue: .download, row: row), t: 0.1) }
        observer.record(.started(queue: .download, row: 0), t: 0.2)
        observer.record(.started(queue: .download, row: 1), t: 0.2)
        observer.record(.finished(queue: .download, row: 0), t: 0.3)
        observer.record(.image(row: 0, from: .network, pixels: 64), t: 0.3)
        observer.record(.finished(queue: .download, row: 1), t: 0.3)
        observer.record(.state(row: 1, state: .failed, reason: "HTTP 404"), t: 0.3)
        observer.record(.state(row: 0, state: .filtered, reason: nil), t: 0.5)
        observer.record(.suspended(queue: .download), t: 0.6)
        observer.record(.scrollEnd(visible: [10, 17]), t: 0.7)
        observer.record(.cancelled(queue: .download, row: 2), t: 0.7)
        observer.record(.resumed(queue: .download), t: 0.7)
        observer.record(.cancelled(queue: .download, row: 3), t: 0.8)
        observer.record(.http(url: "http://x/a", status: 304, bytes: 0), t: 0.9)
        observer.record(.http(url: "http://x/b", status: 200, bytes: 1000), t: 0.9)
        let taken = observer.take(after: -1)
        let download = taken.queues[.download]
        XCTAssertEqual(download?.width, 6)
        XCTAssertEqual(download?.suspended, false)
        XCTAssertEqual(download?.waiting, 0)
        XCTAssertEqual(download?.running, 0)
        XCTAssertEqual(download?.finished, 2)
        XCTAssertEqual(download?.failed, 1)
        XCTAssertEqual(download?.cancelled, 2)
        XCTAssertEqual(taken.totals.cancelledByScrolling, 1, "only the cancel between scroll-end and resume")
        XCTAssertEqual(taken.totals.requests, 2)
        XCTAssertEqual(taken.totals.notModified, 1)
        XCTAssertEqual(taken.totals.bytes, 1000)
        XCTAssertEqual(taken.totals.hits[.network], 1)
        XCTAssertEqual(taken.totals.meanAppearToSepiaMs ?? 0, 400, accuracy: 0.001, "queued at 0.1, sepia at 0.5")
        XCTAssertEqual(taken.sources, [0: .network])
        XCTAssertEqual(taken.events.count, 19)
    }

    func testTheRingKeepsTheLast5000AndTellsOnceUntilRead() {
        let observer = TraceObserver()
        let told = Counter()
        observer.onChange = { told.add() }
        for row in 0..<6_000 { observer.record(.evicted(row: row), t: 0) }
        XCTAssertEqual(told.value, 1, "one call until the reader reads")
        let taken = observer.take(after: -1)
        XCTAssertEqual(taken.events.count, TraceObserver.capacity)
        XCTAssertEqual(taken.events.first?.sequence, 1_000)
        XCTAssertEqual(taken.events.last?.sequence, 5_999)
        observer.record(.evicted(row: 1), t: 0)
        XCTAssertEqual(told.value, 2, "told again after a read")
        XCTAssertEqual(observer.take(after: 5_999).events.map(\.sequence), [6_000])
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
