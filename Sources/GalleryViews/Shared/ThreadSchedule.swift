// Why this exists: to tell a main-loop stall the app caused from one the machine caused: how long the calling thread ran on a CPU and how long it waited, runnable, for one (the kernel's /proc/thread-self/schedstat).
import Foundation

/// The calling thread's time on a CPU and time runnable but waiting for one, in ms, since it
/// started. Nil where the kernel keeps no schedule statistics.
package struct ThreadSchedule {
    package var runningMs: Double
    package var waitingMs: Double

    package static func now() -> ThreadSchedule? {
        let fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 96)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        // "<ns on a CPU> <ns waiting on a run queue> <time slices>"
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let running = Double(fields[0]), let waiting = Double(fields[1]) else { return nil }
        return ThreadSchedule(runningMs: running / 1e6, waitingMs: waiting / 1e6)
    }
}
