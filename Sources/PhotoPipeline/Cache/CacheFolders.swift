// Why this exists: where the caches live ($XDG_CACHE_HOME, by the XDG base directory spec), and a way to say once that one cannot be used.
import Foundation
import Synchronization

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

    /// Create `path` (and its parents) with mode 0700, as both caches' specs want.
    static func makeFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory.boolValue && access(path, W_OK) == 0 }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return true
        } catch {
            return false
        }
    }
}

/// Says a thing once per process, on standard error (the log).
final class LogOnce: Sendable {
    private let said = Mutex<Set<String>>([])
    static let shared = LogOnce()

    func say(_ key: String, _ message: String) {
        let first = said.withLock { $0.insert(key).inserted }
        if first { FileHandle.standardError.write(Data("classic-photos: \(message)\n".utf8)) }
    }
}

/// Write `data` to `path` atomically: a temporary file (mode 0600) in the same folder, then a
/// rename, so a reader (another instance too) sees the old file or the new one, never half of one.
func writeAtomically(_ data: Data, to path: String) -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    var template = Array("\(folder)/.\((path as NSString).lastPathComponent).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return false }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var ok = fchmod(fd, 0o600) == 0
    ok = ok && data.withUnsafeBytes { raw -> Bool in
        var offset = 0
        while offset < raw.count {
            let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 { if errno == EINTR { continue }; return false }
            offset += written
        }
        return true
    }
    close(fd)
    if ok, rename(temporary, path) == 0 { return true }
    unlink(temporary)
    return false
}
