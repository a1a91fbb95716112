// Why this exists: the same sepia row loops compiled for x86-64-v4 (AVX-512 F, BW, CD, DQ, VL: Intel server CPUs since 2017, Intel laptops 2019–2021, AMD Zen 4 and later); called only when the CPU has those features.
import SepiaRowKernels

public func sepiaRowsV4(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ srcStride: Int,
                        _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int, _ dstStride: Int,
                        width: Int, rows: Int, _ m: SepiaRows.Matrix) {
    SepiaRows.filter(src, sc, srcStride, dst, dc, dstStride, width: width, rows: rows, m)
}
