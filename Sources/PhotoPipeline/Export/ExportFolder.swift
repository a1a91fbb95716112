// Why this exists: the folder an export writes into, opened once: every file of the export is written relative to that descriptor (the folder swapped for a symbolic link mid-export redirects nothing), its names are listed through it, and its file system says which names it takes (FAT, exFAT, NTFS and Windows shares refuse `:`, `?` and the like).
import Foundation
import PhotoFetching

public final class ExportFolder: Sendable {
    public let path: String
    let fd: Int32
    /// Whether the file system keeps Windows' rules for names (`ExportNames.windowsReserved`).
    public let windowsNames: Bool

    /// Open `path` (following a link the user chose, once). Throws why it cannot be.
    public init(path: String) throws(AtomicFileError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileError(errno) }
        self.path = path
        self.fd = fd
        // The mount the descriptor is on (its path now, as the kernel knows it), and its type.
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/fd/\(fd)", &target, target.count - 1)
        let resolved = length > 0 ? String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : path
        windowsNames = Self.windowsFileSystems.contains(MountTable.fileSystem(containing: resolved))
    }

    deinit { close(fd) }

    /// File systems that refuse Windows' reserved characters in names: FAT, exFAT, NTFS (both
    /// drivers), SMB/CIFS shares, and block-device FUSE (`fuseblk`: exFAT and NTFS sticks mounted
    /// by exfat-fuse and ntfs-3g).
    static let windowsFileSystems: Set<String> = ["vfat", "msdos", "exfat", "ntfs", "ntfs3", "cifs", "smb3", "smbfs", "fuseblk"]

    /// The names in the folder, read through its descriptor.
    public func names() throws(AtomicFileError) -> Set<String> {
        let copy = dup(fd)
        guard copy >= 0, let directory = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw AtomicFileError(code)
        }
        defer { closedir(directory) }
        rewinddir(directory)
        var names: Set<String> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.insert(name) }
        }
        return names
    }
}
