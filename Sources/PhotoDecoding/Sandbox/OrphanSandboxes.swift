// Why this exists: a sandbox can outlive the app that started it: killed while a helper was starting, the app takes bubblewrap's outer process with it, and the sandbox's first process, orphaned before it asked to die with its parent (bubblewrap's own race, containers/bubblewrap#633), waits forever. The next launch finds such sandboxes of ours and ends them.
import Foundation
import HelperIPC

public enum OrphanSandboxes {
    /// What the sweep needs to know of a process, read from /proc (a test gives its own).
    public struct Process: Equatable, Sendable {
        public var pid: pid_t
        public var name: String
        public var uid: uid_t
        public var parent: pid_t
        /// Its pid in each PID namespace, outermost first (`NSpid`).
        public var namespacePids: [pid_t]
        public var arguments: [String]

        public init(pid: pid_t, name: String, uid: uid_t, parent: pid_t, namespacePids: [pid_t], arguments: [String]) {
            self.pid = pid
            self.name = name
            self.uid = uid
            self.parent = parent
            self.namespacePids = namespacePids
            self.arguments = arguments
        }
    }

    /// Whether `process` is a sandbox of ours left behind: bubblewrap's process that is the first
    /// of its own PID namespace (its innermost pid is 1), run by `uid`, with `helper` (our
    /// helper's program) among its arguments, whose parent is no longer bubblewrap's outer
    /// process (`parentName`, nil when the parent is gone or unreadable). A sandbox at work always
    /// has that outer process as its parent: it waits for the sandbox, and dies with the app.
    public static func isLeftBehind(_ process: Process, parentName: String?, helper: String, uid: uid_t) -> Bool {
        process.name == "bwrap" && process.uid == uid && process.namespacePids.count >= 2 && process.namespacePids.last == 1
            && parentName != "bwrap" && process.arguments.contains(helper)
    }

    /// End every sandbox of ours left behind (SIGKILL to its first process ends everything in its
    /// PID namespace). Each is named by a descriptor opened before it is looked at, so a pid
    /// reused meanwhile is never signalled. Returns the pids ended. Off the main thread: it reads
    /// /proc (about a millisecond for 300 processes).
    @discardableResult
    public static func end(helper: String, uid: uid_t = getuid(), proc: String = "/proc") -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: proc) else { return [] }
        var ended: [pid_t] = []
        for entry in entries {
            guard let pid = pid_t(entry), pid > 1,
                  name(of: pid, proc: proc) == "bwrap" else { continue }
            guard let descriptor = ProcessDescriptor(pid), let process = read(pid, proc: proc),
                  isLeftBehind(process, parentName: name(of: process.parent, proc: proc), helper: helper, uid: uid),
                  descriptor.kill() else { continue }
            ended.append(pid)
        }
        return ended
    }

    /// A process's name (`comm`), nil when it is gone.
    static func name(of pid: pid_t, proc: String) -> String? {
        HelperLaunch.procFile("\(proc)/\(pid)/comm").map { $0.trimmingCharacters(in: .newlines) }
    }

    /// What the sweep needs of `pid`, nil when it is gone or cannot be read.
    static func read(_ pid: pid_t, proc: String) -> Process? {
        guard let name = name(of: pid, proc: proc), let status = HelperLaunch.procFile("\(proc)/\(pid)/status"),
              let arguments = HelperLaunch.procFile("\(proc)/\(pid)/cmdline") else { return nil }
        var fields: [String: [String]] = [:]
        for line in status.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        guard let uid = fields["Uid"]?.first.flatMap({ uid_t($0) }), let parent = fields["PPid"]?.first.flatMap({ pid_t($0) }) else { return nil }
        return Process(pid: pid, name: name, uid: uid, parent: parent, namespacePids: (fields["NSpid"] ?? []).compactMap { pid_t($0) },
                       arguments: arguments.split(separator: "\0", omittingEmptySubsequences: false).map(String.init))
    }
}
