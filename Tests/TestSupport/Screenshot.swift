// Why this exists: reads a screenshot's pixels (with real GdkPixbuf) and finds where an expected thumbnail is drawn.
import CGtk
import Foundation

public final class Screenshot {
    public let width: Int
    public let height: Int
    private let rowStride: Int
    private let channels: Int
    private let pixels: [UInt8]

    public init(path: String) throws {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            throw NSError(domain: "Screenshot", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        rowStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        pixels = Array(UnsafeBufferPointer(start: gdk_pixbuf_read_pixels(pixbuf), count: rowStride * height))
    }

    public func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let o = y * rowStride + x * channels
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
    }

    /// An RGB image to look for: `rgb(x, y)` of the expected thumbnail.
    public struct Template {
        public let width: Int
        public let height: Int
        public let rgb: (Int, Int) -> (Int, Int, Int)
        public init(width: Int, height: Int, rgb: @escaping (Int, Int) -> (Int, Int, Int)) {
            self.width = width; self.height = height; self.rgb = rgb
        }
    }

    /// Mean absolute difference per channel of `template` drawn at (x, y), on a sparse grid.
    public func difference(_ template: Template, x: Int, y: Int, step: Int = 3) -> Double {
        guard x >= 0, y >= 0, x + template.width <= width, y + template.height <= height else { return .infinity }
        var total = 0, count = 0
        var ty = 0
        while ty < template.height {
            var tx = 0
            while tx < template.width {
                let (r, g, b) = rgb(x: x + tx, y: y + ty)
                let (er, eg, eb) = template.rgb(tx, ty)
                total += abs(r - er) + abs(g - eg) + abs(b - eb)
                count += 3
                tx += step
            }
            ty += step
        }
        return Double(total) / Double(max(count, 1))
    }

    /// The best placement of `template` within the region, and its difference.
    public func bestMatch(_ template: Template, xs: Range<Int>, ys: Range<Int>) -> (x: Int, y: Int, difference: Double) {
        var best = (x: 0, y: 0, difference: Double.infinity)
        // Coarse pass on a sparse grid, then refine around the best spot.
        for y in stride(from: ys.lowerBound, to: ys.upperBound, by: 2) {
            for x in stride(from: xs.lowerBound, to: xs.upperBound, by: 2) {
                let d = difference(template, x: x, y: y, step: 8)
                if d < best.difference { best = (x, y, d) }
            }
        }
        var refined = (x: best.x, y: best.y, difference: Double.infinity)
        for y in (best.y - 2)...(best.y + 2) {
            for x in (best.x - 2)...(best.x + 2) {
                let d = difference(template, x: x, y: y, step: 1)
                if d < refined.difference { refined = (x, y, d) }
            }
        }
        return refined
    }
}
