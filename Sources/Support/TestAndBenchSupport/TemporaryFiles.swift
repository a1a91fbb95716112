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
            TemporaryFiles.detachMounts(under: String(cString: path))
            try? FileManager.default.removeItem(atPath: String(cString: path))
        }
        return root
    }()

    nonisolated(unsafe) private static var rootPath: UnsafeMutablePointer<CChar>?

    /// A path inside this process's folder (not created).
    public static func url(_ name: String) -> URL { root.appendingPathComponent(name) }

    /// Folders left by runs that were killed before they could clean up (their process is gone).
    /// A killed run's D-Bus session can leave its document portal's FUSE mount inside (the portal
    /// dies with the run and cannot unmount): it is detached first, so the folder can go and no
    /// mount is left behind.
    static func sweepStale() {
        let tmp = FileManager.default.temporaryDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: tmp.path) else { return }
        guard ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_KEEP_RUN_FILES"] == nil else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                let folder = tmp.appendingPathComponent(name)
                detachMounts(under: folder.path)
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }

    /// The mount points inside `folder` (from this process's mount table), deepest first.
    static func mounts(under folder: String) -> [String] {
        guard let table = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8) else { return [] }
        return table.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count > 4 else { return nil }
            // Spaces and the like are escaped as octal (\040).
            var point = String(fields[4])
            for (escaped, plain) in [("\\040", " "), ("\\011", "\t"), ("\\012", "\n"), ("\\134", "\\")] {
                point = point.replacingOccurrences(of: escaped, with: plain)
            }
            return point.hasPrefix(folder + "/") ? point : nil
        }.sorted { $0.count > $1.count }
    }

    /// Detach every mount inside `folder`: lazily (MNT_DETACH), as root; else with fusermount.
    static func detachMounts(under folder: String) {
        for point in mounts(under: folder) where umount2(point, Int32(MNT_DETACH)) != 0 {
            _ = try? Tool.run("/usr/bin/fusermount", ["-u", "-z", point], timeout: 10)
        }
    }
}
