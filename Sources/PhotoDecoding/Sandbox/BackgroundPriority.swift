// Why this exists: every thread that works for the pipeline (operations, sepia stripes, manifest parsing, file reads) runs below the GTK thread's priority, with a long time slice, so on 2 cores the main loop gets a CPU the moment it needs one.
import CThreadSlice
import Foundation

public enum BackgroundPriority {
    /// The nice value workers run at: the kernel gives a nice-0 thread about ten times the CPU
    /// of a nice-10 one when they compete, and idle cores still go to the workers.
    public static let niceness: Int32 = 10
    /// Exports run below the list's work (nice 15 gets a third of a nice-10 thread's CPU).
    public static let exportNiceness: Int32 = 15

    /// The time slice workers ask for: longer than the kernel's default for any thread (0.7 ms
    /// times 1 + log2 of the CPUs, counting at most 8: 2.8 ms), so every thread that wakes with
    /// the default slice (the GTK thread, the X server) takes a worker's CPU at once; and no
    /// longer, since a worker that holds a lock the GTK thread waits for (GLib's main context,
    /// OperationQueue's own) may wait that long behind another worker.
    public static let workerSliceNanoseconds: UInt64 = 3_000_000

    /// Lower the calling thread (never the main thread) to `nice`, with a long time slice. Cheap
    /// enough to call at the start of every piece of work: pool threads are shared, and only
    /// ours use them.
    ///
    /// The nice value alone did not get the GTK thread a CPU at once. On Linux 6.18 here (the
    /// EEVDF scheduler, since 6.6) a running thread keeps its CPU to the end of its slice when
    /// another thread wakes, whatever their nice values, and the scheduler looks again at its
    /// next tick (4 ms at HZ=250). With both cores decoding, the GTK thread woke for a frame or
    /// for the X server's reply and waited up to 4.8 ms for a CPU (20 times in a 25 s scroll),
    /// and so did the X server. Since 6.12 a thread may ask for its own slice, and a thread that
    /// wakes with a shorter slice than the running one preempts it. Older kernels ignore the
    /// slice; their scheduler (CFS) let a waking nice-0 thread preempt a nice-10 one anyway.
    public static func lowerCurrentThread(to nice: Int32 = niceness) {
        #if os(Linux)
        guard !Thread.isMainThread else { return }
        if cp_set_thread_nice_and_slice(nice, workerSliceNanoseconds) == 0 { return }
        // Raising a thread's priority (back from an export's 15) needs a privilege; keep the
        // lower one, still with the long slice.
        let current = currentNiceness
        if current > nice, cp_set_thread_nice_and_slice(current, workerSliceNanoseconds) == 0 { return }
        // On Linux, PRIO_PROCESS with id 0 sets the nice value of the calling thread only.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
        #endif
    }

    /// A decoding helper's own thread, as the app's workers run (nice 10, the long slice), before
    /// it starts any other: the threads its decoders start inherit both. Unlike
    /// `lowerCurrentThread`, for a process's main thread: the helper's is its only worker.
    public static func lowerHelperThread(to nice: Int32 = niceness) {
        #if os(Linux)
        guard nice > currentNiceness else { return }
        if cp_set_thread_nice_and_slice(nice, workerSliceNanoseconds) != 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
        }
        #endif
    }

    /// The calling thread's time slice in nanoseconds as the kernel reports it: 0 where it
    /// reports none (before Linux 6.12), negative (-errno) on failure (tests).
    public static var currentSliceNanoseconds: Int64 {
        #if os(Linux)
        return cp_thread_slice()
        #else
        return 0
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
