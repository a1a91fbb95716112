// Why this exists: the pipeline's threads (an operation's own, and the pool threads that filter its stripes) run below the GTK thread's priority, so on 2 cores they never take the CPU the main loop needs.
import Foundation
import XCTest
@testable import PhotoPipeline

final class BackgroundPriorityTests: XCTestCase {
    /// Records the nice value of the thread it runs on.
    final class Probe: StageWork, @unchecked Sendable {
        let stage = Stage.download
        private let lock = NSLock()
        private var seen: Int32?
        var niceness: Int32? { lock.withLock { seen } }
        func run(_ context: WorkContext) -> StageOutcome {
            let value = BackgroundPriority.currentNiceness
            lock.withLock { seen = value }
            return .failed("probe")
        }
    }

    func testAnOperationRunsBelowTheMainThread() {
        XCTAssertEqual(BackgroundPriority.currentNiceness, 0, "the test's main thread runs at the usual priority")
        let probe = Probe()
        let queue = OperationQueue()
        queue.addOperation(PhotoOperation(row: 0, key: ImageKey(url: "probe:", pixels: 1, variant: .original), work: probe))
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(probe.niceness, BackgroundPriority.niceness)
        XCTAssertEqual(BackgroundPriority.currentNiceness, 0, "the main thread is never lowered")
    }

    func testEverySepiaStripeRunsBelowTheMainThread() {
        let width = 1500, height = 1500
        var pixels = [UInt8](repeating: 90, count: width * height * 3)
        var output = pixels
        final class Seen: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int32] = []
            func add(_ value: Int32) { lock.withLock { values.append(value) } }
        }
        let record = Seen()
        pixels.withUnsafeMutableBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                // Called inside every stripe, on whichever thread runs it.
                _ = SepiaKernel.apply(.init(base: src.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                      into: .init(base: dst.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                      isCancelled: {
                                          let value = BackgroundPriority.currentNiceness
                                          record.add(value)
                                          return false
                                      })
            }
        }
        let seen = record.lock.withLock { record.values }
        XCTAssertGreaterThan(seen.count, 1)
        // The stripe that runs on the calling (main) thread keeps its priority; every other is lowered.
        XCTAssertTrue(seen.allSatisfy { $0 == BackgroundPriority.niceness || $0 == 0 }, "\(seen)")
        XCTAssertTrue(seen.contains(BackgroundPriority.niceness), "\(seen)")
    }
}
