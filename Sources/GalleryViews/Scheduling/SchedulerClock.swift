// Why this exists: the time and the one-shot timers the scroll rules run on: GLib's main loop in the app, a clock the test moves in the scheduling unit tests.
import Foundation
import GLibRuntime

/// A timer that has been set; cancelling one that fired is harmless.
@MainActor
package protocol ScheduledTimer: AnyObject {
    func cancel()
}

@MainActor
package protocol SchedulerClock: AnyObject {
    /// Seconds on a monotonic clock (the one `PhotoGallery.runningSince` uses).
    var now: Double { get }
    /// Call `action` once, `milliseconds` from now.
    func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer
}

/// The app's clock: the process's uptime and GLib timeouts on the main loop.
@MainActor
package final class MainLoopClock: SchedulerClock {
    private final class Timer: ScheduledTimer {
        var timeout = MainLoop.Timeout.none
        func cancel() { MainLoop.cancel(timeout) }
    }

    package init() {}

    package var now: Double { ProcessInfo.processInfo.systemUptime }

    package func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let timer = Timer()
        timer.timeout = MainLoop.after(milliseconds: milliseconds, action)
        return timer
    }
}
