// Why this exists: everything a test or benchmark process writes goes under one folder of its own, removed when the process exits and swept by the next run if it was killed, so runs leave nothing behind in /tmp.
import Foundation

public enum TemporaryFiles {
    static let prefix = "classic-photos-run-"

    /// /tmp/classic-photos-run-PID, made on first use.
    public static let root: URL = {
        sweepStale()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        rootPath = strdup(root.path)
        atexit {
            // CLASSIC_PHOTOS_KEEP_RUN_FILES=1 keeps them (traces and screenshots of a failed run, to read afterwards).
            guard let path = TemporaryFiles.rootPath, getenv("CLASSIC_PHOTOS_KEEP_RUN_FILES") == nil else { return }
            try? FileManager.default.removeItem(atPath: String(cString: path))
        }
        return root
    }()

    nonisolated(unsafe) private static var rootPath: UnsafeMutablePointer<CChar>?

    /// A path inside this process's folder (not created).
    public static func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Folders left by runs that were killed before they could clean up (their process is gone).
    static func sweepStale() {
        let tmp = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: tmp.path) else { return }
        guard ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_KEEP_RUN_FILES"] == nil else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: tmp.appendingPathComponent(name))
            }
        }
    }
}
