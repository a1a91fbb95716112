// Why this exists: runs the sepia kernel on a Thumbnail's pixbuf, making a new Thumbnail (the original stays untouched).
import CGLib
import CGdkPixbuf
import Foundation
import GLibRuntime

public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    case cancelled
    case cannotAllocate(width: Int, height: Int)

    public var description: String {
        switch self {
        case .cancelled: return "cancelled"
        case .cannotAllocate(let width, let height): return "not enough memory for a \(width) × \(height) sepia image"
        }
    }
}

public enum SepiaFilter {
    /// Makes the output pixbuf (a seam for tests: an allocation that fails).
    nonisolated(unsafe) static var allocateOutput: (_ width: Int32, _ height: Int32, _ alpha: Bool) -> OpaquePointer? = { width, height, alpha in
        gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, width, height)
    }

    public static func filter(_ image: Thumbnail, intensity: Float,
                              isCancelled: @escaping @Sendable () -> Bool) throws(FilterError) -> Thumbnail {
        let source = image.pixbufPointer
        let width = gdk_pixbuf_get_width(source), height = gdk_pixbuf_get_height(source)
        let hasAlpha = gdk_pixbuf_get_has_alpha(source) != 0
        guard let output = allocateOutput(width, height, hasAlpha) else {
            throw .cannotAllocate(width: Int(width), height: Int(height))
        }
        let result = Thumbnail(adoptingPixbuf: output)
        // read_pixels gives the source without copying; the kernel only reads it.
        let input = SepiaKernel.Image(base: UnsafeMutablePointer(mutating: gdk_pixbuf_read_pixels(source)!),
                                      width: Int(width), height: Int(height),
                                      rowStride: Int(gdk_pixbuf_get_rowstride(source)),
                                      channels: Int(gdk_pixbuf_get_n_channels(source)))
        let destination = SepiaKernel.Image(base: gdk_pixbuf_get_pixels(output), width: Int(width), height: Int(height),
                                            rowStride: Int(gdk_pixbuf_get_rowstride(output)),
                                            channels: Int(gdk_pixbuf_get_n_channels(output)))
        guard SepiaKernel.apply(input, into: destination, intensity: intensity, isCancelled: isCancelled) else {
            throw .cancelled
        }
        return result
    }
}
