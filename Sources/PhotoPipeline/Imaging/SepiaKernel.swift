// Why this exists: the sepia filter, a vectorised Swift equivalent of Core Image's CISepiaTone, split across cores for large images.
import Foundation

/// out = mix(in, S·in, intensity) = (1 − k)·in + k·S·in, per pixel, clamped and rounded; alpha kept.
///
/// S, the sepia matrix, takes Rec. 601 luma Y = 0.299 R + 0.587 G + 0.114 B and tints it
/// toward warm brown, (1.2 Y, 1.0 Y, 0.8 Y):
///
///     | R' |   | 0.3588  0.7044  0.1368 |   | R |
///     | G' | = | 0.2990  0.5870  0.1140 | · | G |
///     | B' |   | 0.2392  0.4696  0.0912 |   | B |
///
/// This is the matrix GPUImage's sepia filter uses to reproduce CISepiaTone; like CISepiaTone,
/// intensity 0 leaves the image unchanged and 1 gives the full tone. The default is 0.8.
/// Because the blend is linear, it folds into one 3×3 matrix A = (1 − k)·I + k·S.
public enum SepiaKernel {
    public static let defaultIntensity: Float = 0.8

    public static let sepia: [[Double]] = [
        [0.2990 * 1.2, 0.5870 * 1.2, 0.1140 * 1.2],
        [0.2990 * 1.0, 0.5870 * 1.0, 0.1140 * 1.0],
        [0.2990 * 0.8, 0.5870 * 0.8, 0.1140 * 0.8],
    ]

    /// Rows below this many pixels are filtered on one thread; larger images are split in stripes.
    public static let parallelThreshold = 512 * 512
    static let stripeRows = 32

    /// The blended matrix A for an intensity, row-major.
    public struct Coefficients: Sendable {
        public let a: [Float]
        public init(intensity: Float) {
            let k = Double(min(max(intensity, 0), 1))
            var a = [Float](repeating: 0, count: 9)
            for row in 0..<3 {
                for col in 0..<3 {
                    a[row * 3 + col] = Float((row == col ? 1 - k : 0) + k * SepiaKernel.sepia[row][col])
                }
            }
            // Both I and S are non-negative and k is in [0, 1], so A is too: `toByte` relies on it.
            assert(a.allSatisfy { $0 >= 0 })
            self.a = a
        }
    }

    /// A view of pixels: 1 (gray), 2 (gray + alpha), 3 (RGB) or 4 (RGBA) interleaved 8-bit channels.
    public struct Image: @unchecked Sendable {
        public var base: UnsafeMutablePointer<UInt8>
        public var width: Int
        public var height: Int
        public var rowStride: Int
        public var channels: Int
        public init(base: UnsafeMutablePointer<UInt8>, width: Int, height: Int, rowStride: Int, channels: Int) {
            self.base = base; self.width = width; self.height = height; self.rowStride = rowStride; self.channels = channels
        }
        var hasAlpha: Bool { channels == 2 || channels == 4 }
    }

    /// Filter `source` into `destination` (3 or 4 channels: 4 when the source has alpha).
    /// Returns false when `isCancelled` said stop between stripes (the output is then partial).
    @discardableResult
    public static func apply(_ source: Image, into destination: Image, intensity: Float = defaultIntensity,
                             parallel: Bool = true, isCancelled: @Sendable () -> Bool = { false }) -> Bool {
        precondition(source.width == destination.width && source.height == destination.height)
        precondition([1, 2, 3, 4].contains(source.channels) && [3, 4].contains(destination.channels))
        precondition(!source.hasAlpha || destination.channels == 4, "alpha needs a 4-channel destination")
        let coefficients = Coefficients(intensity: intensity)
        let stripes = (source.height + stripeRows - 1) / stripeRows
        if !parallel || source.width * source.height < parallelThreshold {
            for stripe in 0..<stripes {
                if isCancelled() { return false }
                filterStripe(stripe, source, destination, coefficients)
            }
            return true
        }
        let cancelled = ManagedAtomicFlag()
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            if cancelled.isSet { return }
            if isCancelled() { cancelled.set(); return }
            filterStripe(stripe, source, destination, coefficients)
        }
        return !cancelled.isSet
    }

    private static func filterStripe(_ stripe: Int, _ source: Image, _ destination: Image, _ c: Coefficients) {
        let first = stripe * stripeRows
        let last = min(first + stripeRows, source.height)
        for y in first..<last {
            filterRow(source.base + y * source.rowStride, source.channels,
                      destination.base + y * destination.rowStride, destination.channels,
                      source.width, c)
        }
    }

    /// One row. The per-layout loops below have constant strides, straight-line float math and
    /// no checked conversions, so LLVM's loop vectorizer turns each into SIMD code. RGB and
    /// RGBA, the layouts photos come in, move whole 32-bit words rather than bytes. The
    /// benchmark measures them against a C loop at -O3 -march=native.
    @inline(__always)
    private static func filterRow(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int,
                                  _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int,
                                  _ width: Int, _ c: Coefficients) {
        c.a.withUnsafeBufferPointer { a in
            let m = Matrix(a)
            switch (sc, dc) {
            case (3, 3):
                let blocks = width / 4
                rgbBlocks(src, dst, blocks, m)
                row(src + blocks * 12, 3, dst + blocks * 12, 3, width - blocks * 4, m, gray: false, alpha: false)
            case (4, 4): rgbaWords(src, dst, width, m)
            case (3, 4): row(src, 3, dst, 4, width, m, gray: false, alpha: false)
            case (1, 3): row(src, 1, dst, 3, width, m, gray: true, alpha: false)
            case (1, 4): row(src, 1, dst, 4, width, m, gray: true, alpha: false)
            case (2, 4): row(src, 2, dst, 4, width, m, gray: true, alpha: true)
            default: preconditionFailure("unsupported layout \(sc) → \(dc)")
            }
        }
    }

    /// The blended matrix as nine scalars (kept in registers across the loop).
    private struct Matrix {
        let a00, a01, a02, a10, a11, a12, a20, a21, a22: Float
        init(_ a: UnsafeBufferPointer<Float>) {
            (a00, a01, a02, a10, a11, a12, a20, a21, a22) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        }
    }

    @inline(__always)
    private static func row(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int,
                            _ width: Int, _ m: Matrix, gray: Bool, alpha: Bool) {
        for x in 0..<width {
            let p = src + x * sc
            let r = Float(p[0])
            let g = gray ? r : Float(p[1])
            let b = gray ? r : Float(p[2])
            let q = dst + x * dc
            q[0] = toByte(r * m.a00 + g * m.a01 + b * m.a02)
            q[1] = toByte(r * m.a10 + g * m.a11 + b * m.a12)
            q[2] = toByte(r * m.a20 + g * m.a21 + b * m.a22)
            if dc == 4 { q[3] = alpha ? p[sc - 1] : 255 }
        }
    }

    /// RGBA, one 32-bit word a pixel: plain shifts and masks instead of de-interleaving bytes,
    /// so the vectorised loop needs no byte shuffles (1.9× the byte-wise loop; see BENCHMARKS.md).
    @inline(__always)
    private static func rgbaWords(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ width: Int, _ m: Matrix) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        for x in 0..<width {
            let v = s.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            let (r, g, b) = pixel(v & 0xff, (v &>> 8) & 0xff, (v &>> 16) & 0xff, m)
            d.storeBytes(of: r | (g &<< 8) | (b &<< 16) | (v & 0xff00_0000), toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    /// RGB, four pixels (twelve bytes, three 32-bit words) at a time, for the same reason:
    /// the vectoriser de-interleaves whole words, which is far cheaper than bytes (1.6×).
    @inline(__always)
    private static func rgbBlocks(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ blocks: Int, _ m: Matrix) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        for i in 0..<blocks {
            let w0 = s.loadUnaligned(fromByteOffset: 12 * i, as: UInt32.self)
            let w1 = s.loadUnaligned(fromByteOffset: 12 * i + 4, as: UInt32.self)
            let w2 = s.loadUnaligned(fromByteOffset: 12 * i + 8, as: UInt32.self)
            let p0 = pixel(w0 & 0xff, (w0 &>> 8) & 0xff, (w0 &>> 16) & 0xff, m)
            let p1 = pixel(w0 &>> 24, w1 & 0xff, (w1 &>> 8) & 0xff, m)
            let p2 = pixel((w1 &>> 16) & 0xff, w1 &>> 24, w2 & 0xff, m)
            let p3 = pixel((w2 &>> 8) & 0xff, (w2 &>> 16) & 0xff, w2 &>> 24, m)
            d.storeBytes(of: p0.0 | (p0.1 &<< 8) | (p0.2 &<< 16) | (p1.0 &<< 24), toByteOffset: 12 * i, as: UInt32.self)
            d.storeBytes(of: p1.1 | (p1.2 &<< 8) | (p2.0 &<< 16) | (p2.1 &<< 24), toByteOffset: 12 * i + 4, as: UInt32.self)
            d.storeBytes(of: p2.2 | (p3.0 &<< 8) | (p3.1 &<< 16) | (p3.2 &<< 24), toByteOffset: 12 * i + 8, as: UInt32.self)
        }
    }

    /// One pixel's three channels (0–255 each) through the matrix, each rounded into the low byte.
    @inline(__always)
    private static func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ m: Matrix) -> (UInt32, UInt32, UInt32) {
        // Through Int32: a signed conversion is one instruction on every x86-64; unsigned is not.
        let r = Float(Int32(bitPattern: r)), g = Float(Int32(bitPattern: g)), b = Float(Int32(bitPattern: b))
        return (UInt32(toByte(r * m.a00 + g * m.a01 + b * m.a02)),
                UInt32(toByte(r * m.a10 + g * m.a11 + b * m.a12)),
                UInt32(toByte(r * m.a20 + g * m.a21 + b * m.a22)))
    }

    /// Clamp to 255 and round to the nearest integer without a checked conversion: adding
    /// 1.5 × 2²³ puts the integer part in the float's low mantissa bits. There is no lower
    /// clamp: every entry of the matrix is ≥ 0 (see `Coefficients`), so no sum is negative.
    @inline(__always)
    private static func toByte(_ v: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (Swift.min(v, 255) + 12_582_912).bitPattern)
    }
}

/// A set-once flag shared by the stripes of one parallel run.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
