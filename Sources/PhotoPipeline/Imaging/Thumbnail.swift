// Why this exists: a decoded, downscaled image: its GdkPixbuf pixels (for filtering) and a GdkTexture sharing them (for display).
import CGtk
import Gtk

/// Immutable once made, so it can cross threads: made on a worker, shown on the main loop.
public final class Thumbnail: @unchecked Sendable {
    public let pixbuf: ObjectRef
    public let texture: ObjectRef

    /// Wraps `pixbuf` (a reference the caller hands over) and makes a texture that shares its pixels.
    init(adoptingPixbuf pixbuf: OpaquePointer) {
        self.pixbuf = ObjectRef(adopting: pixbuf)
        texture = ObjectRef(adopting: gdk_texture_new_for_pixbuf(pixbuf)!)
    }

    var pixbufPointer: OpaquePointer { pixbuf.pointer.opaque }
    public var width: Int { Int(gdk_pixbuf_get_width(pixbufPointer)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pixbufPointer)) }
    public var channels: Int { Int(gdk_pixbuf_get_n_channels(pixbufPointer)) }
    public var hasAlpha: Bool { gdk_pixbuf_get_has_alpha(pixbufPointer) != 0 }
    public var rowStride: Int { Int(gdk_pixbuf_get_rowstride(pixbufPointer)) }

    /// Read one pixel's channels (tests and the screenshot checks use this).
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let base = gdk_pixbuf_read_pixels(pixbufPointer)!
        let offset = y * rowStride + x * channels
        return (0..<channels).map { base[offset + $0] }
    }
}
