// Why this exists: a file a helper sent (a saved photo with its metadata), taken in as untrusted: the memfd checked sealed and as long as the reply says (no longer), then mapped, its bytes read where they lie.
import Foundation
import HelperIPC

enum HelperBytes {
    /// The first `count` bytes of `fd` (which this takes and closes), or nil if it is not sealed
    /// or holds fewer.
    static func take(_ fd: Int32, count: Int) -> Data? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard count > 0, count <= 1 << 30, let size = SealedMemory.sealedSize(fd), size <= count + HelperPixels.slack,
              let (mapped, length) = SealedMemory.map(fd, need: count) else { return nil }
        return Data(bytesNoCopy: mapped, count: count, deallocator: .custom { pointer, _ in SealedMemory.unmap(pointer, length: length) })
    }
}
