// Why this exists: the file the trace's lines go to, written with care: opened without following a link (a planted symlink is not written through), created 0600, a write that fails stops the trace with one line on standard error instead of ending the app, and the session's own trace kept under a size (the older half rotated aside), since it lives in memory-backed $XDG_RUNTIME_DIR.
import PhotoFormats
import Foundation
import GLibRuntime
import PhotoDecoding

/// Used on the trace's writer queue (its descriptor behind a lock all the same, which costs
/// nothing there and lets the compiler check it).
final class TraceFile: Sendable {
    let path: String
    /// Past this many bytes, the file is moved to `rotatedPath` (replacing the one before) and a
    /// new one started; nil: no limit (a file the user named).
    private let sizeLimit: Int?
    private struct Descriptor {
        var fd: Int32
        /// Bytes in the file now.
        var written: Int
    }
    private let descriptor: Locked<Descriptor>

    /// Where the older half of a size-limited trace goes.
    var rotatedPath: String { path + ".1" }

    init(fd: Int32, path: String, sizeLimit: Int?) {
        self.path = path
        self.sizeLimit = sizeLimit
        var info = stat()
        descriptor = Locked(Descriptor(fd: fd, written: fstat(fd, &info) == 0 ? Int(info.st_size) : 0))
    }

    /// The file the user named (`--trace FILE`): appended to, created 0600 if new, never through a
    /// symbolic link, and only if it is the user's own (another user's file, in a shared folder,
    /// would take the session's paths and names).
    static func append(to path: String) throws(TraceFileError) -> TraceFile {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw TraceFileError(path: path, code: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid() else {
            Glibc.close(fd)
            throw TraceFileError(path: path, code: EPERM, reason: "it is another user's file")
        }
        return TraceFile(fd: fd, path: path, sizeLimit: nil)
    }

    /// Write `text` (whole lines); a failure once it cannot be (the caller stops tracing and says
    /// why, once). A size-limited file is rotated between lines, so each file holds whole lines.
    func write(_ text: String) -> Result<Void, TraceFileError> {
        descriptor.withLock { d in
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                var piece = bytes
                if let sizeLimit, d.written + bytes.count > sizeLimit {
                    // The lines that still fit, or, in a fresh file, at least one line.
                    let room = max(0, sizeLimit - d.written)
                    let fitting = bytes.prefix(room).lastIndex(of: UInt8(ascii: "\n")).map { bytes[...$0] }
                    if let fitting, !fitting.isEmpty {
                        piece = fitting
                    } else if d.written > 0 {
                        if let failure = rotate(&d) { return .failure(failure) }
                        continue
                    } else {
                        piece = bytes.firstIndex(of: UInt8(ascii: "\n")).map { bytes[...$0] } ?? bytes
                    }
                }
                if let failure = writeAll(piece, to: d.fd) { return .failure(failure) }
                d.written += piece.count
                bytes = bytes[piece.endIndex...]
            }
            return .success(())
        }
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> TraceFileError? {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let count = bytes[offset...].withUnsafeBytes { Foundation.write(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return TraceFileError(path: path, code: errno)
            }
            offset += count
        }
        return nil
    }

    /// The file moved aside (the one before it goes), and a new one made exclusively.
    private func rotate(_ d: inout Descriptor) -> TraceFileError? {
        guard rename(path, rotatedPath) == 0 else { return TraceFileError(path: path, code: errno) }
        Foundation.close(d.fd)
        d.fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard d.fd >= 0 else { return TraceFileError(path: path, code: errno) }
        d.written = 0
        return nil
    }

    func close() {
        descriptor.withLock { d in
            guard d.fd >= 0 else { return }
            Foundation.close(d.fd)
            d.fd = -1
        }
    }

    deinit { close() }
}

struct TraceFileError: Error, CustomStringConvertible {
    let path: String
    let code: Int32
    var reason: String? = nil
    var description: String { "\(path): \(reason ?? SystemError.english(code))" }
}
