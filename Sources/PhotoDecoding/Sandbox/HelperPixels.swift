// Why this exists: pixels a helper sent, taken in as untrusted: the shape checked, the memfd checked sealed (so the helper cannot change or shrink it once mapped), large enough and no larger, then mapped copy-on-write into a pixbuf that unmaps it when freed.
import Foundation
import GdkPixbuf
import HelperIPC

package enum HelperPixels {
    /// How much larger than its pixels a memfd may be (a page).
    static let slack = 4096

    /// A pixbuf over `fd` (which this takes and closes) in `shape`, or nil if either is not as
    /// promised.
    package static func take(_ fd: Int32, shape: PixelShape?) -> Pixbuf? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let shape, let needed = shape.byteLength else { return nil }
        // No more than the shape needs either: a memfd larger than promised is not what was asked.
        guard let size = SealedMemory.sealedSize(fd), size <= max(needed, 1) + slack else { return nil }
        guard let (mapped, length) = SealedMemory.map(fd, need: needed) else { return nil }
        let pixbuf = Pixbuf(wrapping: mapped, width: shape.width, height: shape.height, rowStride: shape.rowStride,
                            hasAlpha: shape.hasAlpha) { SealedMemory.unmap(mapped, length: length) }
        if pixbuf == nil { SealedMemory.unmap(mapped, length: length) }
        return pixbuf
    }
}
