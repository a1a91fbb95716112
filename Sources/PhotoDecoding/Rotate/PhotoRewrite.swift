// Why this exists: a photo of the user's rewritten in place without ever being lost: the new bytes go to a temporary file beside it, with the photo's owner, mode (never a set-ID bit) and extended attributes (or not at all, where the owner cannot be kept), flushed to the disk, and renamed over it only if the photo is still the file that was read (another program's change since is never overwritten). A crash at any moment leaves the whole old photo or the whole new one.
import PhotoFormats
import Foundation
import GLibIO

enum PhotoRewrite {
    /// The most a photo rewritten here may be.
    static let maxBytes = 512 << 20
    /// For the crash tests: each 4 KiB written waits this long, so a kill lands mid-write (and a
    /// turn on a share waits 3 s between its read and its write, for the race tests).
    static let slowWrites = ProcessInfo.processInfo.environment["CLASSIC_PHOTOS_SLOW_WRITES"] != nil

    /// Rewrite the photo at `path` as `transform` makes it from its bytes. Blocking. A photo that
    /// is a link (a folder gallery follows links) is rewritten where the link leads; the link stays.
    static func rewrite(_ link: String, _ transform: ([UInt8]) throws(TurnRefusal) -> [UInt8]) throws(TurnRefusal) {
        guard let resolved = realpath(link, nil) else { throw refusal(errno) }
        let path = String(cString: resolved)
        free(resolved)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw refusal(errno) }
        var before = stat()
        guard fstat(fd, &before) == 0 else { close(fd); throw refusal(errno) }
        guard before.st_mode & S_IFMT == S_IFREG else { close(fd); throw TurnRefusal(Words("it is not a regular file")) }
        guard before.st_mode & 0o222 != 0 else { close(fd); throw TurnRefusal(Words("the photo is read-only")) }
        guard before.st_size <= maxBytes else { close(fd); throw TurnRefusal(Words("it is too large to rewrite")) }
        var bytes = [UInt8](repeating: 0, count: Int(before.st_size))
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        close(fd)
        guard read == bytes.count else { throw TurnRefusal(Words("it changed while it was read")) }
        let turned = try transform(bytes)

        let folderPath = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let folder = open(folderPath.isEmpty ? "." : folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw refusal(errno) }
        defer { close(folder) }
        let (temporary, out) = try temporaryFile(in: folder, beside: name, "turning", mode: 0o600)
        var failure = write(turned, to: out)
        // The photo's owner and group (only root may give a file away): where they cannot be
        // kept, the photo is not turned, rather than made the turning user's.
        if failure == 0, fchown(out, before.st_uid, before.st_gid) != 0 {
            let code = errno
            unlinkat(folder, temporary, 0)
            close(out)
            throw code == EPERM ? TurnRefusal(Words("it belongs to another user, and turning it would make it yours")) : refusal(code)
        }
        // Its mode, without the set-user-ID, set-group-ID and sticky bits (a photo never needs
        // them, and a rewrite must not hand them on).
        if failure == 0, fchmod(out, before.st_mode & 0o777) != 0 { failure = errno }
        if failure == 0 { failure = ExtendedAttributes.copy(fromPath: path, to: out) }
        if failure == 0, fsync(out) != 0 { failure = errno }
        if close(out) != 0, failure == 0 { failure = errno }
        guard failure == 0 else { unlinkat(folder, temporary, 0); throw refusal(failure) }
        // The last look: still the file read, unchanged (its time and its change time, to the nanosecond).
        var now = stat()
        guard fstatat(folder, name, &now, AT_SYMLINK_NOFOLLOW) == 0, now.st_dev == before.st_dev, now.st_ino == before.st_ino,
              now.st_size == before.st_size, now.st_mtim.tv_sec == before.st_mtim.tv_sec, now.st_mtim.tv_nsec == before.st_mtim.tv_nsec,
              now.st_ctim.tv_sec == before.st_ctim.tv_sec, now.st_ctim.tv_nsec == before.st_ctim.tv_nsec else {
            unlinkat(folder, temporary, 0)
            throw TurnRefusal(Words("another program changed it meanwhile; it was left as it is"))
        }
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw refusal(code)
        }
        fsync(folder)
    }

    /// A new file in `folder`, hidden and named after `name` (`.NAME.PURPOSE-random`), never
    /// an existing one or a link: its name and descriptor.
    static func temporaryFile(in folder: Int32, beside name: String, _ purpose: String, mode: mode_t) throws(TurnRefusal) -> (String, Int32) {
        for _ in 0..<100 {
            let temporary = ".\(name).\(purpose)-\(String(UInt32.random(in: 0...UInt32.max), radix: 36))"
            let out = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if out >= 0 { return (temporary, out) }
            if errno != EEXIST { break }
        }
        throw refusal(errno)
    }

    /// `bytes` written whole to `fd` (slowly for the crash tests); 0, or the error.
    static func write(_ bytes: [UInt8], to fd: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw -> Int32 in
            var offset = 0
            while offset < raw.count {
                let size = slowWrites ? min(4096, raw.count - offset) : raw.count - offset
                let written = Foundation.write(fd, raw.baseAddress! + offset, size)
                if written < 0 { if errno == EINTR { continue }; return errno }
                offset += written
                if slowWrites { usleep(2_000) }
            }
            return 0
        }
    }

    static func refusal(_ code: Int32) -> TurnRefusal {
        switch code {
        case ENOSPC, EDQUOT: TurnRefusal(Words("the disk is full"))
        case EROFS: TurnRefusal(Words("its folder is on a read-only disk"))
        case EACCES, EPERM: TurnRefusal(Words("its folder cannot be written"))
        case ENOENT: TurnRefusal(Words("it is no longer there"))
        default: TurnRefusal(Words(verbatim: SystemError.english(code)))
        }
    }
}
