// Why this exists: a row shows a centred square of its photo at the row's size in device pixels; this makes that square from a larger thumbnail (one from a cache, which keeps the photo's proportions).
import GdkPixbuf

public enum RowThumbnail {
    /// The centred square of `pixbuf`, scaled to `pixels` (never up: a smaller source stays its
    /// size). Returns a new thumbnail; `pixbuf` is not changed.
    public static func square(_ pixbuf: Pixbuf, pixels: Int) -> Thumbnail? {
        let width = pixbuf.width, height = pixbuf.height
        let side = min(width, height)
        guard side > 0, let region = pixbuf.region(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side) else { return nil }
        let target = min(side, pixels)
        // A copy either way, so the result owns its pixels and the larger source can be freed.
        let result = target == side ? region.copy() : region.scaled(width: target, height: target)
        return result.map(Thumbnail.init)
    }
}
