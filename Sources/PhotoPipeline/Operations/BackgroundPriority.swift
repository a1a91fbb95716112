// Why this exists: every thread that works for the pipeline (operations, sepia stripes, manifest parsing, file reads) runs below the GTK thread's priority, so on 2 cores the main loop gets a CPU the moment it needs one.
import Foundation

public enum BackgroundPriority {
    /// The nice value workers run at: the kernel gives a nice-0 thread about ten times the CPU
    /// of a nice-10 one when they compete, and idle cores still go to the workers.
    public static let niceness: Int32 = 10
    /// Exports run below the list's work (nice 15 gets a third of a nice-10 thread's CPU).
    public static let exportNiceness: Int32 = 15

    /// Lower the calling thread (never the main thread) to `niceness`. Cheap enough to call at
    /// the start of every piece of work: pool threads are shared, and only ours use them.
    public static func lowerCurrentThread(to nice: Int32 = niceness) {
        #if os(Linux)
        guard !Thread.isMainThread else { return }
        // On Linux, PRIO_PROCESS with id 0 sets the nice value of the calling thread only.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
        #endif
    }

    /// The calling thread's nice value (tests).
    public static var currentNiceness: Int32 {
        #if os(Linux)
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        return 0
        #endif
    }
}
