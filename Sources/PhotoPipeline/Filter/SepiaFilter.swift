// Why this exists: runs the sepia kernel on a Thumbnail's pixels, making a new Thumbnail (the original stays untouched).
import PhotoFormats
import Foundation
import GdkPixbuf
import PhotoDecoding

public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    case cancelled
    case cannotAllocate(width: Int, height: Int)

    /// What went wrong, said once (translated at the app's edge; `description` is the English).
    public var words: Words {
        switch self {
        case .cancelled: Words("cancelled")
        case .cannotAllocate(let width, let height): Words("not enough memory for a %1$s × %2$s sepia image", "\(width)", "\(height)")
        }
    }

    public var description: String { words.description }
}

public struct SepiaFilter: Sendable {
    /// Makes the output pixbuf: width, height, alpha (a test gives one that fails).
    public typealias Allocator = @Sendable (_ width: Int, _ height: Int, _ alpha: Bool) -> Pixbuf?
    /// A whole photo's output in huge pages (`Pixbuf.large`), a thumbnail's as GdkPixbuf makes it.
    public static let systemAllocator: Allocator = { Pixbuf.large(width: $0, height: $1, hasAlpha: $2) }

    public let intensity: Float
    public let kernel: SepiaKernel.Path
    let allocate: Allocator

    public init(intensity: Float, kernel: SepiaKernel.Path = SepiaKernel.fastest, allocate: @escaping Allocator = SepiaFilter.systemAllocator) {
        self.intensity = intensity
        self.kernel = kernel
        self.allocate = allocate
    }

    public func filter(_ image: Thumbnail, isCancelled: @escaping @Sendable () -> Bool) throws(FilterError) -> Thumbnail {
        let source = image.pixbuf
        let width = source.width, height = source.height
        guard let output = allocate(width, height, source.hasAlpha) else {
            throw .cannotAllocate(width: width, height: height)
        }
        // The source's pixels are read without a copy; the kernel only reads them.
        let input = SepiaKernel.Image(base: UnsafeMutablePointer(mutating: source.pixels), width: width, height: height,
                                      rowStride: source.rowStride, channels: source.channels)
        let destination = SepiaKernel.Image(base: output.mutablePixels, width: width, height: height,
                                            rowStride: output.rowStride, channels: output.channels)
        guard SepiaKernel.apply(input, into: destination, intensity: intensity, path: kernel, isCancelled: isCancelled) else {
            throw .cancelled
        }
        return Thumbnail(output)
    }
}
