// Why this exists: a decoded, downscaled image, for filtering and for the app to show (the app makes the GdkTexture, on the main thread).
import PhotoFormats
import GdkPixbuf

/// Immutable once made, so it can cross threads: made on a worker, shown on the main loop.
public final class Thumbnail: Sendable {
    /// The pixels: a display layer wraps them without a copy.
    public let pixbuf: Pixbuf

    public init(_ pixbuf: Pixbuf) { self.pixbuf = pixbuf }

    public var width: Int { pixbuf.width }
    public var height: Int { pixbuf.height }
    public var channels: Int { pixbuf.channels }
    public var hasAlpha: Bool { pixbuf.hasAlpha }
    public var rowStride: Int { pixbuf.rowStride }
    /// Bytes of pixel memory this thumbnail holds (the memory cache's cost).
    public var byteCount: Int { rowStride * (height - 1) + width * channels }

    /// Read one pixel's channels (tests and the screenshot checks use this).
    public func pixel(x: Int, y: Int) -> [UInt8] {
        let offset = y * rowStride + x * channels
        return (0..<channels).map { pixbuf.pixels[offset + $0] }
    }

    /// The same pixels turned a quarter (what a photo Rotate turned shows, from the pixels in memory).
    public func turned(_ turn: QuarterTurn) -> Thumbnail? {
        pixbuf.turned(clockwise: turn == .clockwise).map(Thumbnail.init)
    }
}
