// Why this exists: memfds sealed against change, the way photos' bytes go to a helper and pixels come back: made and filled by the sender, checked (seals, size) and mapped copy-on-write by the receiver, unmapped when the last user lets go.
import CHelperIPC
import Foundation

public enum SealedMemory {
    /// A memfd holding a copy of `count` bytes at `bytes`, sealed against writing, shrinking and
    /// growing; -1 when one cannot be made. The caller owns the descriptor.
    public static func sealed(copying bytes: UnsafeRawPointer?, count: Int, name: String) -> Int32 {
        let fd = cph_memfd(name, max(count, 1))
        guard fd >= 0 else { return -1 }
        if count > 0, let bytes {
            guard cph_fill(fd, bytes, count) == 0 else { Glibc.close(fd); return -1 }
        }
        guard cph_seal(fd) == 0 else { Glibc.close(fd); return -1 }
        return fd
    }

    /// `data` in a sealed memfd.
    public static func sealed(_ data: Data, name: String) -> Int32 {
        data.withUnsafeBytes { sealed(copying: $0.baseAddress, count: $0.count, name: name) }
    }

    /// A sealed memfd's first `need` bytes (or all, when `need` is nil) mapped privately, with the
    /// length mapped; nil when it is not sealed against writing, shrinking and growing, or holds
    /// fewer bytes. Unmap with `unmap`.
    public static func map(_ fd: Int32, need: Int?) -> (pointer: UnsafeMutableRawPointer, length: Int)? {
        var size = 0
        guard cph_check_sealed(fd, need ?? 0, &size) == 0 else { return nil }
        let length = need ?? size
        guard length > 0, let pointer = cph_map(fd, length) else { return nil }
        return (pointer, length)
    }

    public static func unmap(_ pointer: UnsafeMutableRawPointer, length: Int) { cph_unmap(pointer, length) }

    /// Whether `fd` is a sealed memfd (holding anything, even nothing).
    public static func isSealed(_ fd: Int32) -> Bool {
        var size = 0
        return cph_check_sealed(fd, 0, &size) == 0
    }

    /// Its size, if it is sealed.
    public static func sealedSize(_ fd: Int32) -> Int? {
        var size = 0
        return cph_check_sealed(fd, 0, &size) == 0 ? size : nil
    }
}
