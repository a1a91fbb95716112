// Why this exists: the blocking read of one local file, refusing anything that is not a regular file (a FIFO, a device, a socket, a folder) before it can block, and never reading past the limit.
import Foundation

/// The seam where local bytes come from: `read` runs on a reader thread of its own and may
/// block (a network mount that stopped answering); `LocalFileFetcher` puts deadlines around it.
public protocol LocalFileReading: Sendable {
    /// Read `path` whole. Call `progress` after each chunk; stop when `isCancelled` says so.
    func read(path: String, limit: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data
    /// What `stat` says of a regular file (anything else is refused, as for `read`).
    func status(path: String) throws(FetchError) -> LocalFileStatus
    /// The first `count` bytes of `path` (fewer for a shorter file), whatever its size.
    func readStart(path: String, count: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data
}

extension LocalFileReading {
    public func readStart(path: String, count: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data {
        try read(path: path, limit: .max, progress: progress, isCancelled: isCancelled).prefix(count)
    }
}

/// A regular file's size and modification time (whole seconds, as the thumbnail spec keeps it).
public struct LocalFileStatus: Sendable, Equatable {
    public let size: Int
    public let modified: Int
    public init(size: Int, modified: Int) { self.size = size; self.modified = modified }
}

/// POSIX reads: `stat` first, so a FIFO is never opened; then `open` with O_NONBLOCK (a path
/// swapped for a FIFO between the two cannot block) and `fstat` on what was opened.
public struct PosixFileReader: LocalFileReading {
    static let chunkSize = 64 * 1024
    /// False for the caches' own files: a symlink there is not followed (O_NOFOLLOW, lstat).
    let followsSymlinks: Bool

    public init(followsSymlinks: Bool = true) { self.followsSymlinks = followsSymlinks }

    private func statPath(_ path: String, _ info: inout stat) -> Int32 {
        followsSymlinks ? stat(path, &info) : lstat(path, &info)
    }

    public func status(path: String) throws(FetchError) -> LocalFileStatus {
        var info = stat()
        guard statPath(path, &info) == 0 else { throw Self.failure(errno, (path as NSString).lastPathComponent) }
        try Self.requireRegularFile(info, (path as NSString).lastPathComponent)
        return LocalFileStatus(size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec))
    }

    public func read(path: String, limit: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data {
        try read(path: path, limit: limit, upTo: nil, progress: progress, isCancelled: isCancelled)
    }

    public func readStart(path: String, count: Int, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data {
        try read(path: path, limit: .max, upTo: count, progress: progress, isCancelled: isCancelled)
    }

    /// The whole file within `limit`, or its first `upTo` bytes.
    private func read(path: String, limit: Int, upTo wanted: Int?, progress: () -> Void, isCancelled: () -> Bool) throws(FetchError) -> Data {
        let name = (path as NSString).lastPathComponent
        var info = stat()
        guard statPath(path, &info) == 0 else { throw Self.failure(errno, name) }
        try Self.requireRegularFile(info, name)
        if wanted == nil, Int(info.st_size) > limit { throw .tooLarge(limit: limit) }

        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (followsSymlinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw Self.failure(errno, name) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw Self.failure(errno, name) }
        try Self.requireRegularFile(info, name)

        var data = Data()
        data.reserveCapacity(min(Int(info.st_size), limit, wanted ?? .max))
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            if isCancelled() { throw .cancelled }
            let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure(errno, name)
            }
            if count == 0 { return data }
            if data.count + count > limit { throw .tooLarge(limit: limit) }
            data.append(contentsOf: chunk[0..<count])
            progress()
            if let wanted, data.count >= wanted { return data.prefix(wanted) }
        }
    }

    /// "“x.png”: No such file or directory".
    static func failure(_ code: Int32, _ name: String) -> FetchError { .file(name: name, code: code) }

    static func requireRegularFile(_ info: stat, _ name: String) throws(FetchError) {
        let kind: FileKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: kind = .namedPipe
        case S_IFSOCK: kind = .socket
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFDIR: kind = .folder
        default: kind = .other
        }
        throw .notARegularFile(name: name, kind: kind)
    }
}
