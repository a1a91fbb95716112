// Why this exists: the sepia filter, a vectorised Swift equivalent of Core Image's CISepiaTone, split across cores for large images, running the row code built for this CPU.
import CPUFeatures
import Foundation
import PhotoDecoding
import Synchronization
import SepiaKernelBaseline
import SepiaKernelV3
import SepiaKernelV4
import SepiaRowKernels

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
    /// (@unchecked: it is a raw pointer; the stripes of one run write disjoint rows.)
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
                             path: Path = fastest, parallel: Bool = true, isCancelled: @Sendable () -> Bool = { false }) -> Bool {
        precondition(source.width == destination.width && source.height == destination.height)
        precondition([1, 2, 3, 4].contains(source.channels) && [3, 4].contains(destination.channels))
        precondition(!source.hasAlpha || destination.channels == 4, "alpha needs a 4-channel destination")
        let coefficients = Coefficients(intensity: intensity)
        let stripes = (source.height + stripeRows - 1) / stripeRows
        if !parallel || source.width * source.height < parallelThreshold {
            for stripe in 0..<stripes {
                if isCancelled() { return false }
                filterStripe(stripe, source, destination, coefficients, path)
            }
            return true
        }
        let cancelled = StopFlag()
        DispatchQueue.concurrentPerform(iterations: stripes) { stripe in
            // Stripes run on pool threads too, not only the operation's own.
            BackgroundPriority.lowerCurrentThread()
            if cancelled.isSet { return }
            if isCancelled() { cancelled.set(); return }
            filterStripe(stripe, source, destination, coefficients, path)
        }
        return !cancelled.isSet
    }

    private static func filterStripe(_ stripe: Int, _ source: Image, _ destination: Image, _ c: Coefficients, _ path: Path) {
        let first = stripe * stripeRows
        let rows = min(first + stripeRows, source.height) - first
        c.a.withUnsafeBufferPointer { a in
            let m = SepiaRows.Matrix(a)
            let src = source.base + first * source.rowStride, dst = destination.base + first * destination.rowStride
            switch path {
            case .x86_64_v4:
                sepiaRowsV4(src, source.channels, source.rowStride, dst, destination.channels, destination.rowStride,
                            width: source.width, rows: rows, m)
            case .x86_64_v3:
                sepiaRowsV3(src, source.channels, source.rowStride, dst, destination.channels, destination.rowStride,
                            width: source.width, rows: rows, m)
            case .baseline:
                sepiaRowsBaseline(src, source.channels, source.rowStride, dst, destination.channels, destination.rowStride,
                                  width: source.width, rows: rows, m)
            }
        }
    }

    /// The code the rows run: built for the baseline, x86-64-v3 (AVX2, FMA, BMI2…) or x86-64-v4 (AVX-512).
    public enum Path: String, CaseIterable, Sendable {
        case baseline
        case x86_64_v3 = "x86-64-v3"
        case x86_64_v4 = "x86-64-v4"

        /// Whether this CPU (and the OS) can run it.
        public var isSupported: Bool {
            switch self {
            case .baseline: true
            case .x86_64_v3: CPUFeatures.x86_64_v3
            case .x86_64_v4: CPUFeatures.x86_64_v4
            }
        }
    }

    /// The fastest path this CPU runs, found once from its features (cpuid), as simdjson does.
    public static let fastest: Path = Path.allCases.last(where: \.isSupported)!
}

/// A set-once flag shared by the stripes of one parallel run.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    func set() { value.store(true, ordering: .releasing) }
}
