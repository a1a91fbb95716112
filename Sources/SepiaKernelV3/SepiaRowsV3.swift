// Why this exists: the same sepia row loops compiled for x86-64-v3 (AVX2, FMA, BMI2: most PCs since 2013); called only when the CPU has those features.
import SepiaRowKernels

public func sepiaRowsV3(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ srcStride: Int,
                        _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int, _ dstStride: Int,
                        width: Int, rows: Int, _ m: SepiaRows.Matrix) {
    SepiaRows.filter(src, sc, srcStride, dst, dc, dstStride, width: width, rows: rows, m)
}
