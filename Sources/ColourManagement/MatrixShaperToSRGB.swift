// Why this exists: most photos' profiles (Adobe RGB, Display P3, ProPhoto, a camera's) are a curve per channel then a 3×3 matrix; lcms2 evaluates such a conversion to 8-bit sRGB at about 12 ns a pixel, a twentieth of a cold thumbnail's decode, so the same conversion is tabulated from lcms2 itself (what each channel's level contributes in linear sRGB) and applied with SIMD at a fraction of that.
import CLcms2
import Foundation

/// A matrix-shaper profile's conversion to 8-bit sRGB: linear sRGB = base + R[r] + G[g] + B[b]
/// (each table made by lcms2's float transform of that channel alone), then sRGB's curve by table.
public final class MatrixShaperToSRGB: Sendable {
    /// Per channel, per 8-bit level: its contribution in linear sRGB (x, y, z: red, green, blue).
    private let contributions: [SIMD4<Float>]
    private let base: SIMD4<Float>
    /// Linear light (0…1, in `encodingSteps` steps) to an 8-bit sRGB level.
    private let encode: [UInt8]
    static let encodingSteps = 16_384

    /// Nil unless `profile` is a matrix-shaper RGB profile lcms2 converts from.
    public init?(from profile: ColourProfile) {
        guard cmsIsMatrixShaper(profile.handle) != 0 else { return nil }
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.64, y: 0.33, Y: 1), Green: cmsCIExyY(x: 0.30, y: 0.60, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        guard let line = cmsBuildGamma(nil, 1) else { return nil }
        defer { cmsFreeToneCurve(line) }
        var curves: [OpaquePointer?] = [line, line, line]
        guard let linear = curves.withUnsafeMutableBufferPointer({ cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }) else { return nil }
        defer { cmsCloseProfile(linear) }
        // TYPE_RGB_FLT: floats, 3 channels, 4 bytes each; unbounded, so out-of-gamut colours keep
        // their values until they are clipped as they are encoded, as lcms2's 8-bit path clips.
        // (Float (1 << 22), RGB (4 << 16), 3 channels (3 << 3), 4 bytes: written out, as the
        // shifts took 3 s to type-check.)
        let float3: cmsUInt32Number = 0x44_001C
        guard let transform = cmsCreateTransform(profile.handle, float3, linear, float3, cmsUInt32Number(INTENT_PERCEPTUAL),
                                                 cmsUInt32Number(cmsFLAGS_NOCACHE)) else { return nil }
        defer { cmsDeleteTransform(transform) }
        var input = [Float](repeating: 0, count: 3 * 769), output = [Float](repeating: 0, count: 3 * 769)
        for channel in 0..<3 { for level in 0..<256 { input[3 * (1 + channel * 256 + level) + channel] = Float(level) / 255 } }
        cmsDoTransform(transform, input, &output, 769)
        let origin = SIMD4<Float>(output[0], output[1], output[2], 0)
        base = origin
        var table = [SIMD4<Float>](repeating: .zero, count: 768)
        for index in 0..<768 {
            table[index] = SIMD4<Float>(output[3 * (index + 1)], output[3 * (index + 1) + 1], output[3 * (index + 1) + 2], 0) - origin
        }
        contributions = table
        encode = (0..<Self.encodingSteps).map { step in
            let value = Double(step) / Double(Self.encodingSteps - 1)
            let encoded = value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
            return UInt8(max(0, min(255, (encoded * 255).rounded())))
        }
    }

    /// An image of `width` × `height` converted where it lies, `rowStride` bytes a row, 3 or 4
    /// bytes a pixel (alpha, the fourth, is left as it is).
    public func convertInPlace(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowStride: Int, channels: Int) {
        let scale = Float(Self.encodingSteps - 1)
        let base = self.base
        contributions.withUnsafeBufferPointer { table in
            encode.withUnsafeBufferPointer { encode in
                for row in 0..<height {
                    var pixel = (pixels + row * rowStride).assumingMemoryBound(to: UInt8.self)
                    for _ in 0..<width {
                        let steps = (base + table[Int(pixel[0])] + table[256 + Int(pixel[1])] + table[512 + Int(pixel[2])]) * scale
                        // (Scalar clamps: the generic SIMD ones are not inlined here.)
                        pixel[0] = encode[Int(Swift.min(Swift.max(steps.x, 0), scale) + 0.5)]
                        pixel[1] = encode[Int(Swift.min(Swift.max(steps.y, 0), scale) + 0.5)]
                        pixel[2] = encode[Int(Swift.min(Swift.max(steps.z, 0), scale) + 0.5)]
                        pixel += channels
                    }
                }
            }
        }
    }
}
