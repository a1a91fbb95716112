// Why this exists: the HTTP cache keeps a photo's thumbnail as the app's own pixels (8-bit RGB or RGBA rows, zlib-compressed), read back with no image decoder, so a warm launch's first screen waits for no decoding helper. This reader is the whole format: the sizes checked against the entry's box, the stream expanded to exactly the bytes they make, or the entry is a miss.
import Foundation
import GdkPixbuf
import GLibIO

public enum CachedPixels {
    /// What the stored bytes hold: `width` × `height` pixels, 3 bytes each (4 with `alpha`), rows
    /// packed without padding.
    public struct Layout: Codable, Sendable, Equatable {
        public var width: Int
        public var height: Int
        public var alpha: Bool

        /// The bytes the pixels take, if the sizes are within `maxSide` and `largestSide` (nil
        /// otherwise): the entry's box is read from the file too, so it never raises the bound.
        func byteCount(maxSide: Int) -> Int? {
            let side = 1...max(1, min(maxSide, CachedPixels.largestSide))
            guard side.contains(width), side.contains(height) else { return nil }
            return width * height * (alpha ? 4 : 3)
        }
    }

    /// The largest box the app makes a thumbnail for (the thumbnail spec's xx-large).
    package static let largestSide = SharedThumbnails.Size.xxLarge.pixels

    /// `pixbuf`'s pixels packed and compressed (zlib level 1: it is written while its row waits).
    package static func encode(_ pixbuf: Pixbuf) -> (data: Data, layout: Layout)? {
        let layout = Layout(width: pixbuf.width, height: pixbuf.height, alpha: pixbuf.hasAlpha)
        guard let count = layout.byteCount(maxSide: max(layout.width, layout.height)) else { return nil }
        let row = layout.width * (layout.alpha ? 4 : 3), stride = pixbuf.rowStride, source = pixbuf.pixels
        var packed = Data(count: count)
        packed.withUnsafeMutableBytes { target in
            for y in 0..<layout.height {
                target.baseAddress!.advanced(by: y * row).copyMemory(from: source + y * stride, byteCount: row)
            }
        }
        guard let compressed = try? Deflate.zlib(packed, level: 1) else { return nil }
        return (compressed, layout)
    }

    /// The pixels of `data` as `layout` says, if they are no larger than `maxSide` each way and
    /// the stream expands to exactly their bytes; nil for anything else (another program may have
    /// written the file).
    public static func decode(_ data: Data, layout: Layout, maxSide: Int) -> Pixbuf? {
        guard let count = layout.byteCount(maxSide: maxSide),
              let pixels = try? Gunzip.expand(data, limit: count, zlib: true), pixels.count == count else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        pixels.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: count) }
        guard let pixbuf = Pixbuf(wrapping: buffer, width: layout.width, height: layout.height,
                                  rowStride: layout.width * (layout.alpha ? 4 : 3), hasAlpha: layout.alpha,
                                  release: { buffer.deallocate() }) else {
            buffer.deallocate()
            return nil
        }
        return pixbuf
    }
}
