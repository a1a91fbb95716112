// Why this exists: reads a screenshot's pixels (with real GdkPixbuf) and finds where an expected thumbnail is drawn.
import Foundation
import GdkPixbuf

public final class Screenshot {
    public let width: Int
    public let height: Int
    private let rowStride: Int
    private let channels: Int
    private let pixels: [UInt8]

    public init(path: String) throws {
        let pixbuf = try Pixbuf(file: path)
        width = pixbuf.width
        height = pixbuf.height
        rowStride = pixbuf.rowStride
        channels = pixbuf.channels
        pixels = Array(UnsafeBufferPointer(start: pixbuf.pixels, count: rowStride * height))
    }

    public func hasSamePixels(as other: Screenshot) -> Bool {
        width == other.width && height == other.height && pixels == other.pixels
    }

    public func rgb(x: Int, y: Int) -> (Int, Int, Int) {
        let o = y * rowStride + x * channels
        return (Int(pixels[o]), Int(pixels[o + 1]), Int(pixels[o + 2]))
    }

    /// An image to look for: `rgb(x, y)` of the expected thumbnail, and which pixels are opaque,
    /// evaluated once into arrays (a search reads them at hundreds of thousands of positions).
    public struct Template {
        public let width: Int
        public let height: Int
        /// r, g, b of each pixel, row by row; and whether it is opaque: only opaque pixels are
        /// compared, since what shows through a transparent one is the row's background
        /// (hovered, selected, the theme's).
        fileprivate let colours: [Int32]
        fileprivate let mask: [Bool]
        public init(width: Int, height: Int, opaque: (Int, Int) -> Bool = { _, _ in true },
                    rgb: (Int, Int) -> (Int, Int, Int)) {
            self.width = width; self.height = height
            var colours = [Int32](repeating: 0, count: width * height * 3), mask = [Bool](repeating: false, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * width + x, p = rgb(x, y)
                    colours[3 * i] = Int32(p.0); colours[3 * i + 1] = Int32(p.1); colours[3 * i + 2] = Int32(p.2)
                    mask[i] = opaque(x, y)
                }
            }
            self.colours = colours; self.mask = mask
        }

        public func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = 3 * (y * width + x)
            return (Int(colours[i]), Int(colours[i + 1]), Int(colours[i + 2]))
        }

        public func opaque(_ x: Int, _ y: Int) -> Bool { mask[y * width + x] }

        /// The template drawn at a sub-pixel offset (dx, dy) in [0, 1), sampled bilinearly;
        /// one pixel larger each way, its first row and column mixed with the background.
        func shifted(dx: Double, dy: Double) -> Template {
            let source = self
            func at(_ x: Int, _ y: Int) -> (Double, Double, Double)? {
                guard x >= 0, y >= 0, x < source.width, y < source.height else { return nil }
                let p = source.rgb(x, y)
                return (Double(p.0), Double(p.1), Double(p.2))
            }
            // Opaque where every source pixel it mixes is.
            let opaque: (Int, Int) -> Bool = { x, y in
                let x0 = Int((Double(x) - dx).rounded(.down)), y0 = Int((Double(y) - dy).rounded(.down))
                return [(x0, y0), (x0 + 1, y0), (x0, y0 + 1), (x0 + 1, y0 + 1)].allSatisfy { xi, yi in
                    xi < 0 || yi < 0 || xi >= source.width || yi >= source.height || source.opaque(xi, yi)
                }
            }
            return Template(width: width, height: height, opaque: opaque) { x, y in
                // Output pixel (x, y) covers source position (x - dx, y - dy).
                let sx = Double(x) - dx, sy = Double(y) - dy
                let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
                let ax = sx - Double(x0), ay = sy - Double(y0)
                var sum = (0.0, 0.0, 0.0), weight = 0.0
                for (xi, wx) in [(x0, 1 - ax), (x0 + 1, ax)] {
                    for (yi, wy) in [(y0, 1 - ay), (y0 + 1, ay)] {
                        guard let p = at(xi, yi), wx * wy > 0 else { continue }
                        sum.0 += p.0 * wx * wy; sum.1 += p.1 * wx * wy; sum.2 += p.2 * wx * wy
                        weight += wx * wy
                    }
                }
                guard weight > 0 else { return source.rgb(max(0, min(x, source.width - 1)), max(0, min(y, source.height - 1))) }
                return (Int((sum.0 / weight).rounded()), Int((sum.1 / weight).rounded()), Int((sum.2 / weight).rounded()))
            }
        }
    }

    /// Mean absolute difference per channel of `template` drawn at (x, y), on a sparse grid.
    public func difference(_ template: Template, x: Int, y: Int, step: Int = 3) -> Double {
        guard x >= 0, y >= 0, x + template.width <= width, y + template.height <= height else { return .infinity }
        var total = 0, count = 0
        // Raw buffers: this runs at every position of a search, in the tests' debug build.
        pixels.withUnsafeBufferPointer { screen in
            template.colours.withUnsafeBufferPointer { colours in
                template.mask.withUnsafeBufferPointer { mask in
                    var ty = 0
                    while ty < template.height {
                        var tx = 0
                        let row = (y + ty) * rowStride + x * channels, templateRow = ty * template.width
                        while tx < template.width {
                            let i = templateRow + tx
                            if mask[i] {
                                let o = row + tx * channels
                                total += abs(Int(screen[o]) - Int(colours[3 * i])) + abs(Int(screen[o + 1]) - Int(colours[3 * i + 1]))
                                    + abs(Int(screen[o + 2]) - Int(colours[3 * i + 2]))
                                count += 3
                            }
                            tx += step
                        }
                        ty += step
                    }
                }
            }
        }
        // Nothing opaque to compare matches nowhere.
        return count == 0 ? .infinity : Double(total) / Double(count)
    }

    /// The best placement of `template` within the region, and its difference.
    public func bestMatch(_ template: Template, xs: Range<Int>, ys: Range<Int>) -> (x: Int, y: Int, difference: Double) {
        var best = (x: 0, y: 0, difference: Double.infinity)
        // Every position, comparing a sparse sample of pixels (a noisy texture matches at one
        // position only, so positions cannot be skipped), then refine around the best.
        for y in ys {
            for x in xs {
                let d = difference(template, x: x, y: y, step: 4)
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
        // A scrolled list may sit at a fractional offset, where the renderer samples the texture
        // bilinearly: compare against the template shifted by quarter pixels too.
        for fy in [0.25, 0.5, 0.75] {
            for fx in [0.0, 0.25, 0.5, 0.75] {
                let shifted = template.shifted(dx: fx, dy: fy)
                for y in (refined.y - 1)...(refined.y) {
                    let d = difference(shifted, x: refined.x, y: y, step: 1)
                    if d < refined.difference { refined = (refined.x, y, d) }
                }
            }
        }
        return refined
    }
}
