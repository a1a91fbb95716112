// Why this exists: in bubblewrap, the helper is not the process the app started but its descendant (bubblewrap's init's child), and its limits are set on that one: found by walking the single line of children /proc lists.
import Foundation

extension HelperProcess {
    /// The last process of the single line of children under `pid` (nil: none, or a branch).
    static func descendant(of pid: pid_t) -> pid_t? {
        var current = pid
        for _ in 0..<4 {
            let children = (HelperLaunch.procFile("/proc/\(current)/task/\(current)/children") ?? "").split(separator: " ").compactMap { pid_t($0) }
            if children.isEmpty { return current == pid ? nil : current }
            guard children.count == 1 else { return nil }
            current = children[0]
        }
        return nil
    }
}
