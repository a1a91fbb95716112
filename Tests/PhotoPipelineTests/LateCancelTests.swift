// Why this exists: a cancel that arrives after an export's last check, while its file is being renamed into place, does not unwrite the file, so the operation keeps its written result and the export counts the file that is there (a flaky "8 files, 7 written" in KeepResultAppTests); any other result of a cancelled operation is still dropped.
import PhotoFormats
import Foundation
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
import XCTest
@testable import PhotoFetching
@testable import PhotoTrace

final class LateCancelTests: XCTestCase {
    /// Work that waits until the test has cancelled its operation, then returns `result`.
    final class CancelledMidway: StageWork, @unchecked Sendable {
        let running = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let result: StageOutcome
        init(_ result: StageOutcome) { self.result = result }
        var stage: Stage { .export }
        func run(_ context: WorkContext) -> StageOutcome {
            running.signal()
            proceed.wait()
            return result
        }
    }

    func outcome(cancelledWhile result: StageOutcome) -> StageOutcome? {
        let work = CancelledMidway(result)
        let operation = PhotoOperation(row: 0, key: ImageKey(url: "late:", pixels: 0, variant: .original), work: work, trace: Trace())
        let ended = DispatchSemaphore(value: 0)
        operation.completion = { _, done in
            done()
            ended.signal()
        }
        let queue = OperationQueue()
        queue.addOperation(operation)
        XCTAssertEqual(work.running.wait(timeout: .now() + 10), .success, "the work started")
        operation.cancel()
        work.proceed.signal()
        XCTAssertEqual(ended.wait(timeout: .now() + 10), .success, "the operation ended")
        return operation.outcome
    }

    func testAFileWrittenAsTheCancelCameIsCounted() {
        guard case .written(let bytes)? = outcome(cancelledWhile: .written(bytes: 42)) else {
            return XCTFail("the written file is reported")
        }
        XCTAssertEqual(bytes, 42)
    }

    func testAnythingElseOfACancelledOperationIsDropped() {
        guard case .cancelled? = outcome(cancelledWhile: .failed(StageFailure(.other, Words("late")))) else {
            return XCTFail("a failure after the cancel is not reported as one")
        }
    }
}
