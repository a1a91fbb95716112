// Why this exists: one way to turn a photo's pixels from its profile into sRGB, whichever evaluates it: the tabulated matrix-shaper conversion where the profile is one (most are), lcms2's own transform otherwise.
import Foundation

public final class ConversionToSRGB: Sendable {
    private let fast: MatrixShaperToSRGB?
    private let transforms: (rgb: ColourTransform, rgba: ColourTransform)?

    /// Nil when lcms2 cannot convert from `profile` to sRGB.
    public init?(from profile: ColourProfile) {
        if let fast = MatrixShaperToSRGB(from: profile) {
            self.fast = fast
            transforms = nil
        } else if let rgb = ColourTransform(from: profile, to: .sRGB, hasAlpha: false),
                  let rgba = ColourTransform(from: profile, to: .sRGB, hasAlpha: true) {
            fast = nil
            transforms = (rgb, rgba)
        } else {
            return nil
        }
    }

    /// Whether the tabulated conversion is used (the profile is a matrix shaper).
    public var isTabulated: Bool { fast != nil }

    /// 8-bit RGB (3 bytes a pixel) or RGBA (4) pixels converted where they lie.
    public func convertInPlace(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowStride: Int, hasAlpha: Bool) {
        if let fast {
            fast.convertInPlace(pixels, width: width, height: height, rowStride: rowStride, channels: hasAlpha ? 4 : 3)
        } else if let transforms {
            (hasAlpha ? transforms.rgba : transforms.rgb).convertInPlace(pixels, width: width, height: height, rowStride: rowStride)
        }
    }
}
