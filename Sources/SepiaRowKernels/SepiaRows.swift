// Why this exists: the sepia kernel's row loops, once, as inlinable code: SepiaKernelBaseline, SepiaKernelV3 and SepiaKernelV4 compile them for the baseline x86-64, x86-64-v3 (AVX2) and x86-64-v4 (AVX-512), and the app picks one at run time.

/// One row of `SepiaKernel` (see Sources/PhotoPipeline/Filter/SepiaKernel.swift for the maths).
/// The per-layout loops have constant strides, straight-line float math and no checked
/// conversions, so LLVM's loop vectorizer turns each into SIMD code for whatever CPU the
/// including module is compiled for. RGB and RGBA, the layouts photos come in, move whole
/// 32-bit words rather than bytes.
public enum SepiaRows {
    /// Filter `rows` rows: `src` and `dst` point at the first row, with their strides.
    @inlinable @inline(__always)
    public static func filter(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ srcStride: Int,
                              _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int, _ dstStride: Int,
                              width: Int, rows: Int, _ m: Matrix) {
        for y in 0..<rows {
            row(src + y * srcStride, sc, dst + y * dstStride, dc, width, m)
        }
    }

    @inlinable @inline(__always)
    static func row(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int,
                    _ width: Int, _ m: Matrix) {
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

    /// The blended matrix as nine scalars (kept in registers across the loop).
    @frozen public struct Matrix {
        public let a00, a01, a02, a10, a11, a12, a20, a21, a22: Float
        @inlinable public init(_ a: UnsafeBufferPointer<Float>) {
            (a00, a01, a02, a10, a11, a12, a20, a21, a22) = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8])
        }
    }

    @inlinable @inline(__always)
    static func row(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int,
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
    @inlinable @inline(__always)
    static func rgbaWords(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ width: Int, _ m: Matrix) {
        let s = UnsafeRawPointer(src), d = UnsafeMutableRawPointer(dst)
        for x in 0..<width {
            let v = s.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
            let (r, g, b) = pixel(v & 0xff, (v &>> 8) & 0xff, (v &>> 16) & 0xff, m)
            d.storeBytes(of: r | (g &<< 8) | (b &<< 16) | (v & 0xff00_0000), toByteOffset: 4 * x, as: UInt32.self)
        }
    }

    /// RGB, four pixels (twelve bytes, three 32-bit words) at a time, for the same reason:
    /// the vectoriser de-interleaves whole words, which is far cheaper than bytes (1.6×).
    @inlinable @inline(__always)
    static func rgbBlocks(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ blocks: Int, _ m: Matrix) {
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
    @inlinable @inline(__always)
    static func pixel(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ m: Matrix) -> (UInt32, UInt32, UInt32) {
        // Through Int32: a signed conversion is one instruction on every x86-64; unsigned is not.
        let r = Float(Int32(bitPattern: r)), g = Float(Int32(bitPattern: g)), b = Float(Int32(bitPattern: b))
        return (UInt32(toByte(r * m.a00 + g * m.a01 + b * m.a02)),
                UInt32(toByte(r * m.a10 + g * m.a11 + b * m.a12)),
                UInt32(toByte(r * m.a20 + g * m.a21 + b * m.a22)))
    }

    /// Clamp to 255 and round to the nearest integer without a checked conversion: adding
    /// 1.5 × 2²³ puts the integer part in the float's low mantissa bits. There is no lower
    /// clamp: every entry of the matrix is ≥ 0 (see `Coefficients`), so no sum is negative.
    @inlinable @inline(__always)
    static func toByte(_ v: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (Swift.min(v, 255) + 12_582_912).bitPattern)
    }

}
