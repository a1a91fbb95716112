// Why this exists: an operation the queue handed to a thread just before the queue was suspended (scrolling began) does no work until the queue resumes, and one cancelled while it waits ends without running.
import Foundation
import XCTest
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class StartGateTests: XCTestCase {
    /// Counts its runs.
    final class Work: StageWork, @unchecked Sendable {
        let stage = Stage.download
        private let lock = NSLock()
        private var count = 0
        var runs: Int { lock.withLock { count } }
        func run(_ context: WorkContext) -> StageOutcome {
            lock.withLock { count += 1 }
            return .failed("done")
        }
    }

    /// Scheduling made to hold: the queue is left running (it has already handed the operation
    /// out, as it does in the moment before a suspension) and only the gate is closed, so the
    /// operation is started by the queue and must wait at the gate.
    func testWorkHandedOutBeforeTheSuspensionWaitsForTheResume() {
        let gate = StartGate()
        gate.close()
        let work = Work()
        let operation = PhotoOperation(row: 0, key: ImageKey(url: "gate:", pixels: 1, variant: .original), work: work, gate: gate, trace: Trace())
        let queue = OperationQueue()
        queue.addOperation(operation)
        let deadline = Date().addingTimeInterval(10)
        while !operation.isExecuting, !operation.isFinished, Date() < deadline { usleep(1000) }
        XCTAssertTrue(operation.isExecuting, "the queue started it")
        // Its thread is at the gate; a generous moment later it still has not run its work.
        usleep(200_000)
        XCTAssertEqual(work.runs, 0, "no work while the gate is closed")
        gate.open()
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(work.runs, 1, "the work ran once the gate opened")
    }

    func testAnOperationCancelledAtTheGateEndsWithoutRunning() {
        let gate = StartGate()
        gate.close()
        let work = Work()
        let operation = PhotoOperation(row: 0, key: ImageKey(url: "gate:", pixels: 1, variant: .original), work: work, gate: gate, trace: Trace())
        let queue = OperationQueue()
        queue.addOperation(operation)
        let deadline = Date().addingTimeInterval(10)
        while !operation.isExecuting, !operation.isFinished, Date() < deadline { usleep(1000) }
        operation.cancel()
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertTrue(operation.isFinished)
        XCTAssertEqual(work.runs, 0, "cancelled at the gate: never ran")
        XCTAssertTrue(gate.isClosed, "the gate stays closed for the others")
    }

    /// What a worker does as it passes the gate (tracing `started`) finishes before a close
    /// returns, so a suspension traced after the close never precedes a start that happened.
    /// Scheduling made to hold: the worker is held inside `then` until the closer has tried.
    func testACloseWaitsForTheWorkerPassingTheGate() {
        let gate = StartGate()
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), closed = DispatchSemaphore(value: 0)
        Thread {
            _ = gate.pass(abandon: { false }) {
                inside.signal()
                release.wait()
            }
        }.start()
        XCTAssertEqual(inside.wait(timeout: .now() + 10), .success, "the worker passed")
        Thread {
            gate.close()
            closed.signal()
        }.start()
        XCTAssertEqual(closed.wait(timeout: .now() + 0.3), .timedOut, "the close waits while the worker is inside")
        release.signal()
        XCTAssertEqual(closed.wait(timeout: .now() + 10), .success, "then it closes")
        XCTAssertTrue(gate.isClosed)
    }
}
