// Why this exists: a pixbuf over pixels someone else allocated (a decoding helper's sealed memfd, mapped), released when the pixbuf is freed, so pixels that crossed a process boundary are not copied again.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

/// What frees wrapped pixels, carried through GdkPixbuf's destroy notification.
private final class PixelRelease {
    let release: () -> Void
    init(_ release: @escaping () -> Void) { self.release = release }
}

extension Pixbuf {
    /// An 8-bit RGB(A) pixbuf over `pixels` (`rowStride` bytes a row), which stay valid until
    /// `release` is called, once, when the pixbuf is freed. The caller checked the sizes.
    public convenience init?(wrapping pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowStride: Int, hasAlpha: Bool,
                             release: @escaping () -> Void) {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max), rowStride <= Int(Int32.max) else { return nil }
        let context = Unmanaged.passRetained(PixelRelease(release)).toOpaque()
        guard let made = gdk_pixbuf_new_from_data(pixels.assumingMemoryBound(to: UInt8.self), GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8,
                                                  Int32(width), Int32(height), Int32(rowStride),
                                                  { _, context in
                                                      guard let context else { return }
                                                      let box = Unmanaged<PixelRelease>.fromOpaque(context).takeRetainedValue()
                                                      box.release()
                                                  }, context) else {
            Unmanaged<PixelRelease>.fromOpaque(context).release()
            return nil
        }
        self.init(adopting: made)
    }

    /// How many bytes its pixels take (the last row without its padding).
    public var byteLength: Int { Int(gdk_pixbuf_get_byte_length(pointer)) }

    /// The bytes the pixbuf occupies for `width` × `height` at `rowStride`, as GdkPixbuf counts them.
    public static func byteLength(width: Int, height: Int, rowStride: Int, hasAlpha: Bool) -> Int {
        height <= 0 ? 0 : rowStride * (height - 1) + width * (hasAlpha ? 4 : 3)
    }
}
