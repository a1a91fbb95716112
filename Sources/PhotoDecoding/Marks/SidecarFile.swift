// Why this exists: the XMP sidecar beside a photo whose own file is not written (a HEIC, AVIF, TIFF or other kind the app does not place XMP in, or a read-only photo): `NAME.EXT.xmp`, as darktable and digiKam name it, read if it is there (a regular file, never through a link, at most 1 MB) and written whole with a temporary file, fsync and a rename (never over another program's change since it was read), so a crash leaves the old sidecar or the new one.
import PhotoFormats
import Foundation

public enum SidecarFile {
    /// The most a sidecar may hold.
    static let maxBytes = 1 << 20

    /// The sidecar's path for the photo at `path`.
    public static func path(for photo: String) -> String { photo + ".xmp" }

    /// The sidecar's bytes (empty where there is none); refused when it cannot be read.
    static func read(_ path: String) throws(TurnRefusal) -> [UInt8] { try readStamped(path).bytes }

    /// The sidecar's bytes and what it was when read (nil: there was none).
    static func readStamped(_ path: String) throws(TurnRefusal) -> (bytes: [UInt8], was: stat?) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0, errno == ENOENT { return ([], nil) }
        guard fd >= 0 else { throw PhotoRewrite.refusal(errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw TurnRefusal(Words("its sidecar is not a regular file")) }
        guard info.st_size <= maxBytes else { throw TurnRefusal(Words("its sidecar is too large")) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count == bytes.count else { throw TurnRefusal(Words("its sidecar could not be read")) }
        return (bytes, info)
    }

    /// Whether the sidecar is still what it was when read (still none, or the same file unchanged).
    static func unchanged(in folder: Int32, _ name: String, since was: stat?) -> Bool {
        var now = stat()
        guard fstatat(folder, name, &now, AT_SYMLINK_NOFOLLOW) == 0 else { return was == nil && errno == ENOENT }
        guard let was else { return false }
        return now.st_dev == was.st_dev && now.st_ino == was.st_ino && now.st_size == was.st_size
            && now.st_mtim.tv_sec == was.st_mtim.tv_sec && now.st_mtim.tv_nsec == was.st_mtim.tv_nsec
            && now.st_ctim.tv_sec == was.st_ctim.tv_sec && now.st_ctim.tv_nsec == was.st_ctim.tv_nsec
    }

    /// The sidecar at `path` rewritten as `transform` makes it from what it holds (empty: none
    /// yet), unless another program (darktable, digiKam) changed it meanwhile.
    static func rewrite(_ path: String, _ transform: ([UInt8]) throws(TurnRefusal) -> [UInt8]) throws(TurnRefusal) {
        let (old, was) = try readStamped(path)
        let new = try transform(old)
        guard new.count <= maxBytes else { throw TurnRefusal(Words("its sidecar is too large")) }
        let folderPath = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
        let folder = open(folderPath.isEmpty ? "." : folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw PhotoRewrite.refusal(errno) }
        defer { close(folder) }
        let (temporary, out) = try PhotoRewrite.temporaryFile(in: folder, beside: name, "writing", mode: 0o644)
        var failure = PhotoRewrite.write(new, to: out)
        if failure == 0, fsync(out) != 0 { failure = errno }
        if close(out) != 0, failure == 0 { failure = errno }
        guard failure == 0 else { unlinkat(folder, temporary, 0); throw PhotoRewrite.refusal(failure) }
        guard unchanged(in: folder, name, since: was) else {
            unlinkat(folder, temporary, 0)
            throw TurnRefusal(Words("another program changed its sidecar meanwhile; it was left as it is"))
        }
        guard renameat(folder, temporary, folder, name) == 0 else {
            let code = errno
            unlinkat(folder, temporary, 0)
            throw PhotoRewrite.refusal(code)
        }
        fsync(folder)
    }

    /// Whether `bytes` are an XMP packet or nothing (a sidecar's, or none yet), not a photo.
    static func isPacket(_ bytes: [UInt8]) -> Bool {
        let text = bytes.prefix(64).drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return bytes.isEmpty || text.first == UInt8(ascii: "<")
    }

    /// An XMP packet with nothing in it: what a new sidecar starts from.
    static let emptyPacket = Array("""
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">\
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF>\
        </x:xmpmeta><?xpacket end="w"?>
        """.utf8)

    /// The app's check of a helper's sidecar: a packet (its start and its `x:xmpmeta`), UTF-8,
    /// within the size.
    static func check(_ answer: [UInt8]) throws(TurnRefusal) {
        guard !answer.isEmpty, answer.count <= maxBytes, isPacket(answer), let text = String(validating: answer, as: UTF8.self),
              text.prefix(4096).contains("x:xmpmeta") else {
            throw TurnRefusal(Words("the helper’s sidecar is not an XMP packet"))
        }
    }
}
