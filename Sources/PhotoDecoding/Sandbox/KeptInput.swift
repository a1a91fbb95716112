// Why this exists: the memfd the app keeps for one helper's photos (HelperIPC's KeptMemory), so a photo's pages are not allocated and freed for each: filled for every photo but an animation (which the helper reads after its answer) and one over 8 MB (which gets a sealed memfd of its own), let go once the helper has grown it, closed with the helper.
import Foundation
import GLibRuntime
import HelperIPC

final class KeptInput: Sendable {
    /// The largest photo whose bytes go through the kept memfd, so an idle helper holds no more
    /// than this of the app's memory.
    static let limit = 8 << 20
    /// The kept memfd (-1: none yet, or let go).
    private let descriptor = Locked<Int32>(-1)

    /// A memfd holding `bytes` for `request`, and whether it is the kept one (the caller does not
    /// close it); -1 when none could be made.
    func handOver(_ bytes: Data, for request: HelperRequest) -> (Int32, Bool) {
        if case .animate = request {} else if bytes.count <= Self.limit {
            let fd = descriptor.withLock { fd -> Int32 in
                if fd < 0 { fd = KeptMemory.make(name: "classic-photos-bytes") }
                return fd
            }
            if fd >= 0, KeptMemory.refill(fd, with: bytes) { return (fd, true) }
        }
        return (SealedMemory.sealed(bytes, name: "classic-photos-bytes"), false)
    }

    /// Once the helper has answered: the kept memfd `fd` is let go (a new one is made for the
    /// next photo) if it no longer holds exactly the `count` bytes written, so what a helper
    /// wrote into it while it held it is not kept while the helper waits.
    func letGoIfGrown(_ fd: Int32, holding count: Int) {
        guard KeptMemory.size(fd) != count else { return }
        let owned = descriptor.withLock { current -> Bool in
            guard current == fd else { return false }
            current = -1
            return true
        }
        if owned { Glibc.close(fd) }
    }

    /// The helper ended.
    func close() {
        let fd = descriptor.withLock { current -> Int32 in
            defer { current = -1 }
            return current
        }
        if fd >= 0 { Glibc.close(fd) }
    }
}
