// Why this exists: proves the libdispatch main-queue bridge: without it, main-queue work never runs under the GLib loop; with it, it runs on the GTK thread.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime
import XCTest

final class DispatchBridgeTests: XCTestCase {
    final class Box: @unchecked Sendable {
        var ranOnMain: [Bool] = []
        let lock = NSLock()
        func record() { lock.withLock { ranOnMain.append(Thread.isMainThread) } }
        var count: Int { lock.withLock { ranOnMain.count } }
    }

    /// Run the GLib default context (not Foundation's run loop) for a while on the main thread.
    @MainActor
    private static func runGLib(until done: () -> Bool, timeout: TimeInterval) -> Bool {
        MainLoop.iterate(until: done, timeout: timeout)
    }

    func testMainQueueWorkRunsOnlyWithTheBridge() {
        MainActor.assumeIsolated {
            MainLoop.removeDispatchBridge()
            let box = Box()
            Thread.detachNewThread { DispatchQueue.main.async { box.record() } }
            XCTAssertFalse(Self.runGLib(until: { box.count > 0 }, timeout: 0.5),
                           "control: without the bridge the GLib loop must not drain the main queue")

            MainLoop.installDispatchBridge()
            defer { MainLoop.removeDispatchBridge() }
            XCTAssertTrue(Self.runGLib(until: { box.count > 0 }, timeout: 5), "with the bridge, DispatchQueue.main work runs")
            XCTAssertEqual(box.ranOnMain, [true])
        }
    }

    /// Installed twice, the bridge is one source: removed once, the main queue is not drained.
    func testTheBridgeIsInstalledOnce() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            MainLoop.installDispatchBridge()
            let box = Box()
            Thread.detachNewThread { DispatchQueue.main.async { box.record() } }
            XCTAssertTrue(Self.runGLib(until: { box.count == 1 }, timeout: 5), "with the bridge, DispatchQueue.main work runs")
            MainLoop.removeDispatchBridge()
            Thread.detachNewThread { DispatchQueue.main.async { box.record() } }
            XCTAssertFalse(Self.runGLib(until: { box.count == 2 }, timeout: 0.5), "no second bridge was left to drain it")
            // (Drained here, so the next test starts with an empty main queue.)
            MainLoop.installDispatchBridge()
            defer { MainLoop.removeDispatchBridge() }
            XCTAssertTrue(Self.runGLib(until: { box.count == 2 }, timeout: 5))
        }
    }

    func testMainActorTaskFromBackgroundRunsOnGtkThread() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            defer { MainLoop.removeDispatchBridge() }
            let box = Box()
            Thread.detachNewThread {
                Task { @MainActor in box.record() }
                OperationQueue.main.addOperation { box.record() }
            }
            XCTAssertTrue(Self.runGLib(until: { box.count == 2 }, timeout: 5), "Task @MainActor and OperationQueue.main ran")
            XCTAssertEqual(box.ranOnMain, [true, true])
        }
    }

    func testInvokeFromBackgroundRunsOnMainLoop() {
        MainActor.assumeIsolated {
            let box = Box()
            Thread.detachNewThread { MainLoop.invoke { box.record() } }
            XCTAssertTrue(Self.runGLib(until: { box.count == 1 }, timeout: 5))
            XCTAssertEqual(box.ranOnMain, [true])
        }
    }

    func testBridgeDoesNotSpin() {
        MainActor.assumeIsolated {
            // After a drain, the eventfd must be read: otherwise the source fires continuously.
            MainLoop.installDispatchBridge()
            defer { MainLoop.removeDispatchBridge() }
            let box = Box()
            DispatchQueue.global().async { DispatchQueue.main.async { box.record() } }
            XCTAssertTrue(Self.runGLib(until: { box.count == 1 }, timeout: 5))
            // A source left ready dispatches at every iteration, however fast or slow the machine:
            // counted over iterations, not over time.
            var dispatches = 0
            for _ in 0..<300 {
                if g_main_context_iteration(nil, 0) != 0 { dispatches += 1 }
                usleep(1000)
            }
            XCTAssertLessThan(dispatches, 50, "an idle bridge must not keep dispatching (it did \(dispatches) times in 300 iterations)")
        }
    }
}
