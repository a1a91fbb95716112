// Why this exists: what the tests and the benchmarks read of a running app from /proc: its memory now and at peak, its children and whether a process has ended, and a thread's time on a CPU and waiting for one.
import Foundation

public enum ProcReaders {
    /// Resident memory now (MB), `VmRSS`.
    public static func currentRSS(pid: Int32) -> Double { statusField("VmRSS:", pid: pid) }

    /// Resident memory at its highest so far (MB), `VmHWM`.
    public static func peakRSS(pid: Int32) -> Double { statusField("VmHWM:", pid: pid) }

    /// The app's peak and its live helpers' peaks (bubblewrap's too) added: the memory the app
    /// and its decoding helpers held at most together, or a little more (their peaks need not
    /// have come at once).
    public static func peakRSSWithHelpers(pid: Int32) -> Double {
        descendants(of: pid).reduce(peakRSS(pid: pid)) { total, child in
            let peak = peakRSS(pid: child)
            return peak.isNaN ? total : total + peak
        }
    }

    /// Every process started, directly or not, by `pid` (from each process's parent in `/proc/PID/stat`).
    public static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[child] = parent }
        }
        return parents.keys.filter { child in
            var parent = parents[child]
            while let current = parent, current > 1 {
                if current == pid { return true }
                parent = parents[current]
            }
            return false
        }
    }

    /// The children `pid`'s main thread started (`/proc/PID/task/PID/children`), oldest first;
    /// none once it has ended.
    public static func children(of pid: Int32) -> [Int32] {
        ((try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether `pid` has ended: gone, or a zombie no one has reaped yet.
    public static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
        return stat[close...].split(separator: " ").dropFirst().first == "Z"
    }

    /// A thread's time on a CPU so far (ns), from the scheduler's own accounting
    /// (`/proc/PID/task/TID/schedstat`, first field); nil if it cannot be read.
    public static func threadCPUNanoseconds(pid: Int32, tid: Int32) -> UInt64? {
        threadSchedule(pid: pid, tid: tid)?.running
    }

    /// A thread's time on a CPU and its time runnable but waiting for one, so far (ns): the
    /// first two fields of `/proc/PID/task/TID/schedstat`; nil if it cannot be read.
    public static func threadSchedule(pid: Int32, tid: Int32) -> (running: UInt64, waiting: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/schedstat", encoding: .utf8) else { return nil }
        let fields = text.split(separator: " ").prefix(2).compactMap { UInt64($0) }
        return fields.count == 2 ? (fields[0], fields[1]) : nil
    }

    private static func statusField(_ field: String, pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return .nan }
        return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? .nan) / 1024
    }
}
