// Why this exists: a helper process started and reaped: its socket as standard input, its standard error into a pipe the app reads without waiting, an address-space limit, and death with the app (started from a thread that lives as long as the app).
import CHelperIPC
import Foundation

public enum ChildSpawn {
    /// Start `command` (its first element is the program's path) with `environment`, `stdin` as its
    /// standard input and `stderr` as its standard error, at the nice value `nice`; returns its pid, or -errno.
    public static func start(_ command: [String], environment: [String], stdin: Int32, stderr: Int32, addressLimit: UInt64,
                             nice: Int32) -> pid_t {
        withCStrings(command) { argv in
            withCStrings(environment) { envp in cph_spawn(command[0], argv, envp, stdin, stderr, addressLimit, nice) }
        }
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
