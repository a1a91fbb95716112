// Why this exists: files the app writes whole (cache entries, thumbnails, an exported trace) are written to a temporary file beside the target and renamed over it, so a reader sees the old file or the new one, a failure leaves what was there, and a folder in the way is never removed.
import Foundation

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
        var template = Array("\(folder.isEmpty ? "." : folder)/.\((path as NSString).lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(AtomicFileError(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
            failure = replacing ? (rename(temporary, path) == 0 ? 0 : errno) : placeWithoutReplacing(temporary, path)
        }
        unlink(temporary)
        return failure == 0 ? .success(()) : .failure(AtomicFileError(failure))
    }

    /// Give `temporary`'s file the name `path` only if nothing has it (the caller unlinks `temporary`).
    private static func placeWithoutReplacing(_ temporary: String, _ path: String) -> Int32 {
        if link(temporary, path) == 0 { return 0 }
        let failure = errno
        guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(failure) else { return failure }
        // No hard links here (FAT, some network shares): refuse a name in use, then rename.
        var info = stat()
        if lstat(path, &info) == 0 { return EEXIST }
        return rename(temporary, path) == 0 ? 0 : errno
    }
}

public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    init(_ code: Int32) { self.code = code }
    public init(code: Int32) { self.code = code }
    public var description: String { String(cString: strerror(code)) }
}

/// The caches' writes: false if it could not be written (the caller goes on without it).
func writeAtomically(_ data: Data, to path: String) -> Bool {
    if case .success = AtomicFile.write(data, to: path) { return true }
    return false
}
