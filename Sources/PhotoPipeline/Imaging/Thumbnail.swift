// Why this exists: a decoded, downscaled image as a GdkPixbuf, for filtering and for the app to show (the app makes the GdkTexture, on the main thread).
import CGLib
import CGdkPixbuf
import GLibRuntime

/// Immutable once made, so it can cross threads: made on a worker, shown on the main loop.
public final class Thumbnail: @unchecked Sendable {
    /// The GdkPixbuf: a display layer wraps it without copying its pixels.
    public let pixbuf: ObjectRef

    /// Wraps `pixbuf` (a reference the caller hands over).
    init(adoptingPixbuf pixbuf: OpaquePointer) {
        self.pixbuf = ObjectRef(adopting: pixbuf)
    }

    var pixbufPointer: OpaquePointer { pixbuf.pointer.opaque }
    public var width: Int { Int(gdk_pixbuf_get_width(pixbufPointer)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbufPointer)) }
    public var channels: Int { Int(gdk_pixbuf_get_n_channels(pixbufPointer)) }
    public var hasAlpha: Bool { gdk_pixbuf_get_has_alpha(pixbufPointer) != 0 }
    public var rowStride: Int { Int(gdk_pixbuf_get_rowstride(pixbufPointer)) }
    /// Bytes of pixel memory this thumbnail holds (the memory cache's cost).
    public var byteCount: Int { rowStride * (height - 1) + width * channels }

    /// Read one pixel's channels (tests and the screenshot checks use this).
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let base = gdk_pixbuf_read_pixels(pixbufPointer)!
        let offset = y * rowStride + x * channels
        return (0..<channels).map { base[offset + $0] }
    }
}
