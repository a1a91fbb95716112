// Why this exists: pixels a helper sent, taken in as untrusted: the shape checked, the memfd checked sealed (so the helper cannot change or shrink it once mapped) and large enough, then mapped copy-on-write into a pixbuf that unmaps it when freed.
import CHelperIPC
import Foundation
import GdkPixbuf

enum HelperPixels {
    /// A pixbuf over `fd` (which this takes and closes) in `shape`, or nil if either is not as
    /// promised.
    static func take(_ fd: Int32, shape: PixelShape?) -> Pixbuf? {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let shape, let needed = shape.byteLength else { return nil }
        var size = 0
        guard cph_check_sealed(fd, needed, &size) == 0, let mapped = cph_map(fd, needed) else { return nil }
        let pixbuf = Pixbuf(wrapping: mapped, width: shape.width, height: shape.height, rowStride: shape.rowStride,
                            hasAlpha: shape.hasAlpha) { cph_unmap(mapped, needed) }
        if pixbuf == nil { cph_unmap(mapped, needed) }
        return pixbuf
    }
}
