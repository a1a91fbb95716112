// Why this exists: a helper process started and reaped: its socket as standard input, its standard error into a pipe the app reads without waiting, an address-space limit, and death with the app (started from a thread that lives as long as the app).
import CHelperIPC
import Foundation

public enum ChildSpawn {
    /// A child's limits, set before it runs (0: not set).
    public struct Limits: Sendable, Equatable {
        /// Address space, in bytes.
        public var address: UInt64 = 0
        /// Processor seconds: the first image's, and its budget for life (which it cannot raise).
        public var processorSoft: UInt64 = 0, processorHard: UInt64 = 0
        /// The largest file or memfd it may write, in bytes.
        public var fileSize: UInt64 = 0
        /// Descriptors open at once.
        public var openFiles: UInt64 = 0
        public init() {}
    }

    /// Start `command` (its first element is the program's path) with `environment`, `stdin` as its
    /// standard input and `stderr` as its standard error, in a session of its own, within
    /// `limits`, at the nice value `nice`; returns its pid, or -errno.
    public static func start(_ command: [String], environment: [String], stdin: Int32, stderr: Int32, limits: Limits,
                             nice: Int32) -> pid_t {
        var c = cph_limits(address: limits.address, processor_soft: limits.processorSoft, processor_hard: limits.processorHard,
                           file_size: limits.fileSize, open_files: limits.openFiles)
        return withCStrings(command) { argv in
            withCStrings(environment) { envp in cph_spawn(command[0], argv, envp, stdin, stderr, &c, nice) }
        }
    }

    /// Let the process `pid` use `seconds` of processor time in all (its soft limit, from
    /// outside), at most its hard limit. The hard limit, or nil when it cannot be set.
    public static func limitProcessor(of pid: pid_t, toSeconds seconds: UInt64) -> UInt64? {
        var hard: UInt64 = 0
        return cph_limit_processor(pid, seconds, &hard) == 0 ? hard : nil
    }

    /// Wait for `pid` to end: its wait status, or -errno.
    public static func wait(_ pid: pid_t) -> Int32 { cph_wait(pid) }

    /// A pipe whose read end (first) does not block; both close on exec.
    public static func pipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard cph_pipe(&fds) == 0 else { return nil }
        return (fds[0], fds[1])
    }

    static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension ChildSpawn {
    /// The processor seconds `pid` has used (user and system, all its threads), rounded up; nil
    /// when they cannot be read.
    public static func processorSeconds(of pid: pid_t) -> Int? {
        let used = cph_processor_nanoseconds(pid)
        guard used >= 0 else { return nil }
        return Int((used + 999_999_999) / 1_000_000_000)
    }

    /// How many memfds `pid` holds open; nil when its descriptors cannot be read.
    public static func memfds(of pid: pid_t) -> Int? {
        let count = cph_count_memfds(pid)
        return count >= 0 ? Int(count) : nil
    }

    /// Make this process non-dumpable (PR_SET_DUMPABLE 0): a process of the same user cannot read
    /// its memory (/proc/PID/mem) or attach to it. Its children are dumpable again once they run
    /// a program. False when it could not be done.
    @discardableResult
    public static func makeUndumpable() -> Bool { cph_make_undumpable() == 0 }
}
