// Why this exists: a process named by a descriptor (a pidfd) rather than its pid, so a signal sent after looking at it can never reach another process that took its pid meanwhile.
import CHelperIPC
import Foundation

public final class ProcessDescriptor {
    private let descriptor: Int32

    /// A descriptor for process `pid`; nil when it has ended or the kernel has no pidfds (before Linux 5.3).
    public init?(_ pid: pid_t) {
        let opened = cph_pidfd_open(pid)
        guard opened >= 0 else { return nil }
        descriptor = opened
    }

    deinit { close(descriptor) }

    /// SIGKILL the process: true if it was sent (false once it has ended).
    public func kill() -> Bool { cph_pidfd_kill(descriptor) == 0 }
}
