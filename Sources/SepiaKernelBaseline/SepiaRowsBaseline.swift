// Why this exists: the sepia row loops compiled for the baseline x86-64 (what every 64-bit PC runs).
import SepiaRowKernels

public func sepiaRowsBaseline(_ src: UnsafeMutablePointer<UInt8>, _ sc: Int, _ srcStride: Int,
                              _ dst: UnsafeMutablePointer<UInt8>, _ dc: Int, _ dstStride: Int,
                              width: Int, rows: Int, _ m: SepiaRows.Matrix) {
    SepiaRows.filter(src, sc, srcStride, dst, dc, dstStride, width: width, rows: rows, m)
}
