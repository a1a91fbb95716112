// Why this exists: runs the sepia kernel on a Thumbnail's pixbuf, making a new Thumbnail (the original stays untouched).
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

public enum SepiaFilter {
    /// Returns nil when cancelled between stripes.
    public static func filter(_ image: Thumbnail, intensity: Float,
                              isCancelled: @escaping @Sendable () -> Bool) -> Thumbnail? {
        let source = image.pixbufPointer
        let width = gdk_pixbuf_get_width(source), height = gdk_pixbuf_get_height(source)
        let hasAlpha = gdk_pixbuf_get_has_alpha(source)
        guard let output = gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha, 8, width, height) else { return nil }
        // read_pixels gives the source without copying; the kernel only reads it.
        let input = SepiaKernel.Image(base: UnsafeMutablePointer(mutating: gdk_pixbuf_read_pixels(source)!),
                                      width: Int(width), height: Int(height),
                                      rowStride: Int(gdk_pixbuf_get_rowstride(source)),
                                      channels: Int(gdk_pixbuf_get_n_channels(source)))
        let destination = SepiaKernel.Image(base: gdk_pixbuf_get_pixels(output), width: Int(width), height: Int(height),
                                            rowStride: Int(gdk_pixbuf_get_rowstride(output)),
                                            channels: Int(gdk_pixbuf_get_n_channels(output)))
        guard SepiaKernel.apply(input, into: destination, intensity: intensity, isCancelled: isCancelled) else {
            g_object_unref(output.raw)
            return nil
        }
        return Thumbnail(adoptingPixbuf: output)
    }
}
