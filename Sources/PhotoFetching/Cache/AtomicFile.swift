// Why this exists: files the app writes whole (cache entries, thumbnails, an exported trace) are written to a temporary file beside the target and renamed over it, so a reader sees the old file or the new one, a failure leaves what was there, and a folder in the way is never removed.
import PhotoFormats
import Foundation
import PhotoDecoding

public enum AtomicFile {
    /// Write `data` to `path`: a temporary file (`mode`, 0600 unless said) in the same folder, then
    /// a rename; `durable` flushes it to the disk first (what the user exports; a cache need not).
    /// With `replacing` false, a file already at `path` is never replaced: the write fails with
    /// EEXIST (a hard link, which cannot overwrite; where the file system has none, a check then
    /// the rename). On failure the reason (as the system words it); what was at `path` is
    /// untouched and no temporary file is left.
    public static func write(_ data: Data, to path: String, durable: Bool = false, mode: mode_t = 0o600,
                             replacing: Bool = true) -> Result<Void, AtomicFileError> {
        let folder = (path as NSString).deletingLastPathComponent
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folderFD >= 0 else { return .failure(AtomicFileError(errno)) }
        defer { close(folderFD) }
        return write(data, named: (path as NSString).lastPathComponent, in: folderFD, durable: durable, mode: mode, replacing: replacing)
    }

    /// The same, relative to a folder already open (`folder`, a descriptor): the temporary file,
    /// the rename and the check are all made in that folder, whatever its path leads to now.
    public static func write(_ data: Data, named name: String, in folder: Int32, durable: Bool = false, mode: mode_t = 0o600,
                             replacing: Bool = true) -> Result<Void, AtomicFileError> {
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<100 {
            temporary = ".\(name).\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
            fd = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { return .failure(AtomicFileError(errno)) }
        var failure: Int32 = fchmod(fd, mode) == 0 ? 0 : errno
        if failure == 0 {
            failure = data.withUnsafeBytes { raw -> Int32 in
                var offset = 0
                while offset < raw.count {
                    let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 { if errno == EINTR { continue }; return errno }
                    offset += written
                }
                return 0
            }
        }
        if failure == 0, durable, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure == 0 {
            failure = replacing ? (renameat(folder, temporary, folder, name) == 0 ? 0 : errno) : placeWithoutReplacing(temporary, name, in: folder)
        }
        unlinkat(folder, temporary, 0)
        return failure == 0 ? .success(()) : .failure(AtomicFileError(failure))
    }

    /// Give `temporary`'s file the name `name` only if nothing has it (the caller unlinks `temporary`).
    private static func placeWithoutReplacing(_ temporary: String, _ name: String, in folder: Int32) -> Int32 {
        if linkat(folder, temporary, folder, name, 0) == 0 { return 0 }
        let failure = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(failure) else { return failure }
        // No hard links here (FAT, some network shares): refuse a name in use, then rename.
        var info = stat()
        if fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { return EEXIST }
        return renameat(folder, temporary, folder, name) == 0 ? 0 : errno
    }
}

public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    package init(_ code: Int32) { self.code = code }
    public init(code: Int32) { self.code = code }
    /// Why, in the app's words for the failures a write meets; others in the C library's (English).
    public var words: Words {
        switch code {
        case ENOSPC: return Words("the disk is full")
        case EDQUOT: return Words("the disk quota is used up")
        case EACCES, EPERM: return Words("permission denied")
        case EROFS: return Words("the disk is read-only")
        case ENOENT: return Words("the folder is gone")
        case EEXIST: return Words("a file of that name exists already")
        default:
            // Built first: a literal here would be taken for a message to translate.
            let text = SystemError.english(code)
            return Words(verbatim: text)
        }
    }

    /// In English, for the trace: the same words.
    public var description: String { words.description }
}

/// The caches' writes: false if it could not be written (the caller goes on without it).
package func writeAtomically(_ data: Data, to path: String) -> Bool {
    if case .success = AtomicFile.write(data, to: path) { return true }
    return false
}
