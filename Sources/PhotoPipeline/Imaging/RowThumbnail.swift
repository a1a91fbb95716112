// Why this exists: a row shows a centred square of its photo at the row's size in device pixels; this makes that square from a larger thumbnail (one from a cache, which keeps the photo's proportions).
import CGLib
import CGdkPixbuf
import GLibRuntime

public enum RowThumbnail {
    /// The centred square of `pixbuf`, scaled to `pixels` (never up: a smaller source stays its
    /// size). Returns a new thumbnail; `pixbuf` is not changed.
    public static func square(_ pixbuf: OpaquePointer, pixels: Int) -> Thumbnail? {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let side = min(width, height)
        guard side > 0 else { return nil }
        guard let region = gdk_pixbuf_new_subpixbuf(pixbuf, Int32((width - side) / 2), Int32((height - side) / 2),
                                                    Int32(side), Int32(side)) else { return nil }
        defer { g_object_unref(region.raw) }
        let target = min(side, pixels)
        // A copy either way, so the result owns its pixels and the larger source can be freed.
        let result = target == side ? gdk_pixbuf_copy(region) : gdk_pixbuf_scale_simple(region, Int32(target), Int32(target), GDK_INTERP_BILINEAR)
        return result.map { Thumbnail(adoptingPixbuf: $0) }
    }
}
