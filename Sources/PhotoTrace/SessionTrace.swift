// Why this exists: without --trace, the session's trace still goes to a file (so the inspector can export it): in a private folder of its own, made new, never an existing file or a symlink someone planted in /tmp, kept under a size, and removed at exit.
import Foundation

public struct SessionTrace: Sendable {
    public let folder: String
    public let path: String

    /// A folder made by mkdtemp (mode 0700) under `$XDG_RUNTIME_DIR`, or `$TMPDIR` (else /tmp)
    /// when there is none, and the trace file in it, created exclusively (O_CREAT | O_EXCL |
    /// O_NOFOLLOW, mode 0600) and opened for `trace`. Nil (no session trace) when either fails.
    public static func start(in trace: Trace, environment: [String: String] = ProcessInfo.processInfo.environment) -> SessionTrace? {
        let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        let base = runtime ?? temporary
        var template = Array("\((base as NSString).standardizingPath)/classic-photos-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let path = folder + "/trace.jsonl"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            rmdir(folder)
            return nil
        }
        trace.open(fd: fd, path: path, sizeLimit: Trace.sessionSizeLimit)
        return SessionTrace(folder: folder, path: path)
    }

    /// At exit: the file (and its older half, if it grew past its size) and its folder go.
    public func remove() {
        unlink(path)
        unlink(path + ".1")
        rmdir(folder)
    }
}
