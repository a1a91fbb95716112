// Why this exists: where the caches live ($XDG_CACHE_HOME, by the XDG base directory spec), and a way to say once that one cannot be used.
import GLibRuntime
import Foundation
import PhotoDecoding

public struct CacheFolders: Sendable {
    /// $XDG_CACHE_HOME, or ~/.cache.
    public let home: String

    public init(home: String) { self.home = home }

    public static var fromEnvironment: CacheFolders {
        let environment = ProcessInfo.processInfo.environment
        if let home = environment["XDG_CACHE_HOME"], home.hasPrefix("/") { return CacheFolders(home: home) }
        return CacheFolders(home: (environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
    }

    /// The desktop's shared thumbnails (freedesktop Thumbnail Managing Standard).
    public var thumbnails: String { home + "/thumbnails" }
    /// The app's own cache (the HTTP cache).
    public var app: String { home + "/" + AppInfo.executable }

    /// `path` as a cache folder: created (with its parents) mode 0700 if missing, as both caches'
    /// specs want; one that exists must be a folder itself (not a symlink to one), owned by this
    /// user, not writable by the group or others, and writable by us. Otherwise it is not used:
    /// another user (or a symlink someone planted) must not choose where the app writes or deletes.
    package static func makeFolder(_ path: String) -> Bool {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return false }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                return false
            }
            guard lstat(path, &info) == 0 else { return false }
        }
        return isPrivateFolder(info) && access(path, W_OK) == 0
    }

    /// A real folder of this user's that only this user may write.
    static func isPrivateFolder(_ info: stat) -> Bool {
        info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() && info.st_mode & 0o022 == 0
    }
}

/// Says a thing once, on standard error (the log): each cache and the trace keep one.
package final class LogOnce: Sendable {
    private let said = Locked<Set<String>>([])

    package init() {}

    package func say(_ key: String, _ message: String) {
        let first = said.withLock { $0.insert(key).inserted }
        // A standard error that cannot be written (closed, a full disk) is no reason to stop.
        if first { try? FileHandle.standardError.write(contentsOf: Data("classic-photos: \(message)\n".utf8)) }
    }
}
