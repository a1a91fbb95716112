// Why this exists: GdkPixbuf as an owned Swift type: made, measured, cropped, scaled, oriented and encoded without the pipeline touching C or references.
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

/// One reference to a GdkPixbuf. A pixbuf's pixels are written only by whoever made it, before
/// it is handed on (a decode, a sepia filter); after that it is read-only and may cross threads.
/// (@unchecked Sendable: written only by the thread that made it, before it is handed on; read-only after.)
public final class Pixbuf: @unchecked Sendable {
    public let ref: ObjectRef
    /// The C object, for the other bindings (a GdkTexture wraps it).
    public var pointer: OpaquePointer { ref.pointer.opaque }

    /// Take over a `transfer full` pixbuf.
    init(adopting pointer: OpaquePointer) { ref = ObjectRef(adopting: pointer) }
    /// Keep a pixbuf someone else owns (`transfer none`).
    init(retaining pointer: OpaquePointer) { ref = ObjectRef(retaining: pointer) }

    /// A new 8-bit RGB(A) pixbuf of undefined content; nil when its memory cannot be had.
    public convenience init?(width: Int, height: Int, hasAlpha: Bool) {
        guard width > 0, height > 0, let made = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, Int32(width), Int32(height)) else { return nil }
        self.init(adopting: made)
    }

    /// An image file decoded whole.
    public convenience init(file path: String) throws(GLibError) {
        let loaded = try withGError { gdk_pixbuf_new_from_file(path, $0) }
        self.init(adopting: loaded!)
    }

    /// An image file decoded to fit `width` × `height`, keeping its proportions; nil if it cannot be read.
    public convenience init?(file path: String, fittingWidth width: Int, height: Int) {
        guard let loaded = gdk_pixbuf_new_from_file_at_size(path, Int32(width), Int32(height), nil) else { return nil }
        self.init(adopting: loaded)
    }

    public var width: Int { Int(gdk_pixbuf_get_width(pointer)) }
    public var height: Int { Int(gdk_pixbuf_get_height(pointer)) }
    public var channels: Int { Int(gdk_pixbuf_get_n_channels(pointer)) }
    public var hasAlpha: Bool { gdk_pixbuf_get_has_alpha(pointer) != 0 }
    public var rowStride: Int { Int(gdk_pixbuf_get_rowstride(pointer)) }

    /// The pixels, read-only, without a copy.
    public var pixels: UnsafePointer<UInt8> { gdk_pixbuf_read_pixels(pointer)! }
    /// The pixels to write, for a pixbuf this code made and has not handed on.
    public var mutablePixels: UnsafeMutablePointer<UInt8> { gdk_pixbuf_get_pixels(pointer)! }

    /// Every pixel set to `rgba` (0xRRGGBBAA).
    public func fill(_ rgba: UInt32) { gdk_pixbuf_fill(pointer, rgba) }

    /// A copy with its own pixels.
    public func copy() -> Pixbuf? { gdk_pixbuf_copy(pointer).map(Pixbuf.init(adopting:)) }

    /// The region, sharing this pixbuf's pixels (copy it to let the larger one go).
    public func region(x: Int, y: Int, width: Int, height: Int) -> Pixbuf? {
        gdk_pixbuf_new_subpixbuf(pointer, Int32(x), Int32(y), Int32(width), Int32(height)).map(Pixbuf.init(adopting:))
    }

    /// Scaled to `width` × `height`, bilinear.
    public func scaled(width: Int, height: Int) -> Pixbuf? {
        gdk_pixbuf_scale_simple(pointer, Int32(width), Int32(height), GDK_INTERP_BILINEAR).map(Pixbuf.init(adopting:))
    }

    /// With an alpha channel (this one if it has one already), opaque.
    public func withAlpha() -> Pixbuf? {
        hasAlpha ? self : gdk_pixbuf_add_alpha(pointer, 0, 0, 0, 0).map(Pixbuf.init(adopting:))
    }

    /// Turned and flipped as its EXIF orientation says (JPEG, TIFF); the same pixels when it says nothing.
    public func applyingEmbeddedOrientation() -> Pixbuf? {
        gdk_pixbuf_apply_embedded_orientation(pointer).map(Pixbuf.init(adopting:))
    }

    /// Turned and flipped as an EXIF orientation (1–8) says, whatever the pixbuf's own options
    /// say (a JPEG's EXIF thumbnail, shown as the photo it is in is oriented).
    public func oriented(exif orientation: Int) -> Pixbuf? {
        let quarter: GdkPixbufRotation? = switch orientation {
        case 3, 4: GDK_PIXBUF_ROTATE_UPSIDEDOWN
        case 5, 6: GDK_PIXBUF_ROTATE_CLOCKWISE
        case 7, 8: GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE
        default: nil
        }
        guard var turned = quarter.map({ gdk_pixbuf_rotate_simple(pointer, $0).map(Pixbuf.init(adopting:)) }) ?? self else { return nil }
        if [2, 4, 5, 7].contains(orientation) {
            guard let flipped = gdk_pixbuf_flip(turned.pointer, 1).map(Pixbuf.init(adopting:)) else { return nil }
            turned = flipped
        }
        return turned
    }

    /// A new pixbuf of these pixels turned a quarter, clockwise or not.
    public func turned(clockwise: Bool) -> Pixbuf? {
        gdk_pixbuf_rotate_simple(pointer, clockwise ? GDK_PIXBUF_ROTATE_CLOCKWISE : GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE).map(Pixbuf.init(adopting:))
    }

    /// An option the loader read from the file (`tEXt::Thumb::URI`, `orientation`).
    public func option(_ key: String) -> String? {
        gdk_pixbuf_get_option(pointer, key).map { String(cString: $0) }
    }

    /// Encoded as `type` ("png", "jpeg") with these options (`tEXt::KEY` → value for PNG text chunks).
    public func encoded(as type: String, options: [(String, String)] = []) throws(GLibError) -> Data {
        var keys: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.0) } + [nil]
        var values: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0.1) } + [nil]
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        _ = try withGError { gdk_pixbuf_save_to_bufferv(pointer, &buffer, &size, type, &keys, &values, $0) }
        defer { g_free(buffer) }
        guard let buffer else { return Data() }
        return Data(bytes: buffer, count: Int(size))
    }
}
