// Why this exists: GTK runs the GLib main loop, which never drains libdispatch's main queue; this bridges them, and posts work and one-shot timers to the loop.
//
// Without the bridge, DispatchQueue.main.async, OperationQueue.main, @MainActor and Task hops
// posted from other threads never run. With it, they run on the GTK thread, with no polling.
import CGLib
import Foundation

@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

public enum MainLoop {
    /// The bridge's source is found in the default main context by this mark (its user data,
    /// never dereferenced): the context, not a variable of ours, knows whether it is installed.
    private static var bridgeMark: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 0x4350_4D51)! }  // "CPMQ"

    /// Install the libdispatch main-queue bridge once, on the main thread, before the loop runs.
    ///
    /// A GLib fd source watches libdispatch's main-queue eventfd. Each time it is readable the
    /// callback reads the 8-byte counter (without the read the source fires again at once and
    /// spins at 100 % CPU), then drains the main queue. GLib never dispatches a source from
    /// within itself, so the drain is never reentered, as libdispatch requires.
    @MainActor
    public static func installDispatchBridge() {
        guard g_main_context_find_source_by_user_data(nil, bridgeMark) == nil else { return }
        let fd = dispatchMainQueueHandle()
        g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, { fd, _, _ in
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            dispatchMainQueueCallback(nil)
            return 1 // G_SOURCE_CONTINUE
        }, bridgeMark, nil)
    }

    /// Remove the bridge (tests that tear down their own loop use this).
    @MainActor
    public static func removeDispatchBridge() {
        if let source = g_main_context_find_source_by_user_data(nil, bridgeMark) { g_source_destroy(source) }
    }

    /// Run `work` on the GLib main loop (the default main context), on the main thread.
    ///
    /// On the main thread this is g_main_context_invoke_full: `work` runs at once if the main
    /// thread owns the context (or can acquire it). From any other thread it is always queued
    /// as an idle source: g_main_context_invoke_full alone would *acquire* the default context
    /// from a worker whenever the main thread is not iterating it at that moment (before the
    /// loop starts, or between iterations in tests) and run `work` right there, off the main
    /// thread. The recycled-row interleaving test caught exactly that.
    public static func invoke(priority: Int32 = G_PRIORITY_DEFAULT, _ work: @escaping @MainActor () -> Void) {
        guard Thread.isMainThread else { return post(priority: priority, work) }
        g_main_context_invoke_full(nil, priority, runOnce, InvokeBox.retain(work), releaseBox)
    }

    /// Queue `work` for a later main-loop iteration, even when called from the main thread.
    public static func post(priority: Int32 = G_PRIORITY_DEFAULT, _ work: @escaping @MainActor () -> Void) {
        let source = g_idle_source_new()
        g_source_set_priority(source, priority)
        g_source_set_callback(source, runOnce, InvokeBox.retain(work), releaseBox)
        g_source_attach(source, nil)
        g_source_unref(source)
    }

    /// Queue `work` for when the main loop has nothing more urgent: after input, redraws and
    /// everything queued at the default priority (an idle source at G_PRIORITY_DEFAULT_IDLE).
    public static func whenIdle(_ work: @escaping @MainActor () -> Void) {
        post(priority: G_PRIORITY_DEFAULT_IDLE, work)
    }

    /// A one-shot timer on the main loop. Cancel it (or let it fire); never a polling loop.
    public struct Timeout: Sendable, Equatable {
        fileprivate let id: guint
        /// No timer.
        public static let none = Timeout(id: 0)
        public var isPending: Bool { id != 0 && g_main_context_find_source_by_id(nil, id) != nil }
    }

    /// Call `work` once after `milliseconds`.
    @discardableResult
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor () -> Void) -> Timeout {
        Timeout(id: g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runOnce, InvokeBox.retain(work), releaseBox))
    }

    /// Stop a timer that has not fired yet; a fired or cancelled one is ignored.
    public static func cancel(_ timeout: Timeout) {
        guard timeout.id != 0, let source = g_main_context_find_source_by_id(nil, timeout.id) else { return }
        g_source_destroy(source)
    }

    /// Iterate the default context until `condition` holds or `timeout` passes (tests and shutdown).
    @MainActor
    public static func iterate(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            // A short wake-up keeps the deadline honest without busy-waiting.
            let wake = g_timeout_add(20, { _ in 0 }, nil)
            g_main_context_iteration(nil, 1)
            if let source = g_main_context_find_source_by_id(nil, wake) { g_source_destroy(source) }
        }
        return true
    }

    /// GLib's monotonic clock, in microseconds (the clock GDK's frame timings use).
    public static var monotonicMicroseconds: Int64 { Int64(g_get_monotonic_time()) }

    /// The calling thread's own time on a CPU so far (µs): unlike the monotonic clock, it does
    /// not advance while the thread waits for a CPU.
    public static var threadCPUMicroseconds: Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }
}

/// GSourceFunc: run the box's work once, on the main actor.
private let runOnce: GSourceFunc = { data in
    let box = Unmanaged<InvokeBox>.fromOpaque(data!).takeUnretainedValue()
    let work = box.value
    MainActor.assumeIsolated { work() }
    return 0 // G_SOURCE_REMOVE
}

private let releaseBox: GDestroyNotify = { data in
    Unmanaged<InvokeBox>.fromOpaque(data!).release()
}

/// Carries work from any thread to the main loop, through GLib, which ThreadSanitizer cannot
/// see: `Handoff` makes the handoff visible to it.
private typealias InvokeBox = Handoff<@MainActor () -> Void>

extension Handoff where Value == @MainActor () -> Void {
    static func retain(_ work: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(Handoff(work)).toOpaque()
    }
}
