// Why this exists: the pipeline's threads (an operation's own, and the pool threads that filter its stripes) run below the GTK thread's priority and with a long time slice, so on 2 cores they never take the CPU the main loop needs.
import Foundation
import XCTest
@_spi(InProcess) @testable import PhotoDecoding
@testable import PhotoPipeline
@testable import PhotoFetching
@testable import PhotoTrace

final class BackgroundPriorityTests: XCTestCase {
    /// Records the nice value of the thread it runs on.
    final class Probe: StageWork, @unchecked Sendable {
        let stage = Stage.download
        private let lock = NSLock()
        private var seen: (niceness: Int32, slice: Int64)?
        var niceness: Int32? { lock.withLock { seen?.niceness } }
        var slice: Int64? { lock.withLock { seen?.slice } }
        func run(_ context: WorkContext) -> StageOutcome {
            let value = (BackgroundPriority.currentNiceness, BackgroundPriority.currentSliceNanoseconds)
            lock.withLock { seen = value }
            return .failed("probe")
        }
    }

    /// The kernel's slice for a thread that asked for none (the test's main thread), or a skip
    /// where the kernel reports no slices (before Linux 6.12, whose scheduler needs none).
    func defaultSlice() throws -> Int64 {
        let slice = BackgroundPriority.currentSliceNanoseconds
        guard slice > 0 else { throw XCTSkip("this kernel reports no time slices (\(slice)): it has no per-thread slice to ask for") }
        return slice
    }

    /// The three tests below check the usual scheduling class. A process started in the idle
    /// class (the test command's sanitizer runs, `chrt --idle`) keeps its workers there instead,
    /// which `testAWorkerInTheIdleClassStaysThere` checks.
    func requireTheUsualClass() throws {
        if sched_getscheduler(0) == 5 /* SCHED_IDLE */ { throw XCTSkip("this process runs in the idle class, where its workers stay") }
    }

    /// An operation's thread asks for the long slice, and the main thread keeps the kernel's
    /// shorter default: so the main thread, waking, takes the worker's CPU at once.
    func testAnOperationAsksForASliceLongerThanTheMainThreads() throws {
        try requireTheUsualClass()
        let mainSlice = try defaultSlice()
        let probe = Probe()
        let queue = OperationQueue()
        queue.addOperation(PhotoOperation(row: 0, key: ImageKey(url: "probe:", pixels: 1, variant: .original), work: probe, trace: Trace()))
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(probe.slice, Int64(BackgroundPriority.workerSliceNanoseconds))
        XCTAssertLessThan(mainSlice, probe.slice ?? 0, "the main thread's slice is the shorter")
        XCTAssertEqual(BackgroundPriority.currentSliceNanoseconds, mainSlice, "the main thread's slice is left alone")
    }

    /// Filters a 1500 × 1500 image in stripes from a worker thread of its own (lowered, as an
    /// operation's thread is) and returns, for every stripe, the thread that ran it and that
    /// thread's nice value and time slice. `waitForSecondThread`: the first stripe waits (up to 30 s) until a
    /// stripe runs on another thread, so a pool thread always takes part.
    func filterFromAWorker(waitForSecondThread: Bool) -> [(thread: pthread_t, niceness: Int32, slice: Int64)] {
        let width = 1500, height = 1500
        final class Seen: @unchecked Sendable {
            let condition = NSCondition()
            var values: [(thread: pthread_t, niceness: Int32, slice: Int64)] = []
            var threads: Set<pthread_t> { Set(values.map(\.thread)) }
        }
        let record = Seen()
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            BackgroundPriority.lowerCurrentThread()
            var pixels = [UInt8](repeating: 90, count: width * height * 3)
            var output = pixels
            pixels.withUnsafeMutableBufferPointer { src in
                output.withUnsafeMutableBufferPointer { dst in
                    // Called inside every stripe, on whichever thread runs it, after the kernel
                    // has done what it does to that thread.
                    _ = SepiaKernel.apply(.init(base: src.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                          into: .init(base: dst.baseAddress!, width: width, height: height, rowStride: width * 3, channels: 3),
                                          isCancelled: {
                                              let entry = (thread: pthread_self(), niceness: BackgroundPriority.currentNiceness,
                                                           slice: BackgroundPriority.currentSliceNanoseconds)
                                              record.condition.lock()
                                              record.values.append(entry)
                                              record.condition.broadcast()
                                              if waitForSecondThread {
                                                  let deadline = Date().addingTimeInterval(30)
                                                  while record.threads.count < 2, record.condition.wait(until: deadline) {}
                                              }
                                              record.condition.unlock()
                                              return false
                                          })
                }
            }
            done.signal()
        }
        worker.start()
        XCTAssertEqual(done.wait(timeout: .now() + 120), .success, "the kernel finished")
        return record.condition.withLock { record.values }
    }

    /// What the app promises: every thread that filters a stripe for the pipeline runs at the
    /// workers' priority, and the GTK (main) thread never does. Scheduling assumed: none.
    /// `concurrentPerform` may give every stripe to the calling thread (on a busy machine it
    /// often does) or spread them over pool threads; either way each stripe's thread is checked,
    /// the caller's included, and the caller is a worker, as in the app.
    func testEverySepiaStripeRunsBelowTheMainThread() throws {
        try requireTheUsualClass()
        XCTAssertEqual(BackgroundPriority.currentNiceness, 0, "the test's main thread runs at the usual priority")
        let seen = filterFromAWorker(waitForSecondThread: false)
        XCTAssertEqual(seen.count, (1500 + 31) / 32, "one check per stripe")
        XCTAssertTrue(seen.allSatisfy { $0.niceness == BackgroundPriority.niceness }, "\(seen.map(\.niceness))")
        XCTAssertEqual(BackgroundPriority.currentNiceness, 0, "the main thread is never lowered")
    }

    /// A pool thread that takes a stripe is lowered by the kernel itself, not left at nice 0.
    /// Scheduling made to hold: the first stripe on each thread waits until a second thread has
    /// run a stripe, so at least one stripe runs on a pool thread however busy the machine is.
    /// (A pool thread lowered earlier by an operation would hide a kernel that forgot to lower
    /// it: this test proves the kernel's own lowering when run first in its process, as
    /// `swift test --filter BackgroundPriorityTests` does.)
    func testAPoolThreadThatTakesAStripeIsLowered() throws {
        try requireTheUsualClass()
        let seen = filterFromAWorker(waitForSecondThread: true)
        XCTAssertGreaterThanOrEqual(Set(seen.map(\.thread)).count, 2, "a pool thread took a stripe")
        XCTAssertTrue(seen.allSatisfy { $0.niceness == BackgroundPriority.niceness }, "\(seen.map(\.niceness))")
        if BackgroundPriority.currentSliceNanoseconds > 0 {
            XCTAssertTrue(seen.allSatisfy { $0.slice == Int64(BackgroundPriority.workerSliceNanoseconds) }, "\(seen.map(\.slice))")
        }
    }

    /// A worker never rises above its process: one in the idle class (a process started with
    /// `chrt --idle`, as the test command starts its background runs) stays there when lowered
    /// (where a nice value no longer matters).
    func testAWorkerInTheIdleClassStaysThere() {
        final class Seen: @unchecked Sendable { var policy: Int32 = -1 } // written before `done` is signalled, read after
        let schedIdle: Int32 = 5 // SCHED_IDLE (a macro Swift does not import)
        let seen = Seen(), done = DispatchSemaphore(value: 0)
        Thread {
            var parameters = sched_param()
            if sched_setscheduler(0, schedIdle, &parameters) == 0 {
                BackgroundPriority.lowerCurrentThread()
                seen.policy = sched_getscheduler(0)
            }
            done.signal()
        }.start()
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(seen.policy, schedIdle, "still in the idle class")
    }
}
