// Why this exists: lcms2's transform between two profiles, for 8-bit RGB or RGBA pixels in place or from one buffer into another, row by row at any row stride; alpha is carried over untouched.
import CLcms2
import Foundation

/// A conversion of 8-bit RGB(A) pixels from one profile to another (perceptual intent).
/// (@unchecked Sendable: immutable after it is made; an lcms2 transform made with cmsFLAGS_NOCACHE keeps no per-call state, so cmsDoTransform may run on it from several threads at once.)
public final class ColourTransform: @unchecked Sendable {
    let handle: cmsHTRANSFORM
    public let hasAlpha: Bool

    /// Nil when lcms2 cannot join the two profiles.
    public init?(from source: ColourProfile, to target: ColourProfile, hasAlpha: Bool) {
        let format = hasAlpha ? ColourTransform.rgba8 : ColourTransform.rgb8
        // No cache of the last pixel: transforms are shared between threads.
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE) | (hasAlpha ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        guard let made = cmsCreateTransform(source.handle, format, target.handle, format, cmsUInt32Number(INTENT_PERCEPTUAL), flags) else {
            return nil
        }
        handle = made
        self.hasAlpha = hasAlpha
    }

    deinit { cmsDeleteTransform(handle) }

    // TYPE_RGB_8 and TYPE_RGBA_8, which Swift cannot import from their macros: RGB colour space
    // (4 << 16), 3 channels (3 << 3), 1 byte each, and for RGBA one extra channel (1 << 7).
    // Written out: the shifts, each literal's type inferred, took 2.5 s to type-check in every build.
    static let rgb8: cmsUInt32Number = 0x4_0019
    static let rgba8: cmsUInt32Number = 0x4_0099

    /// `pixels` pixels converted from `input` into `output` (which may be the same buffer).
    public func convert(_ input: UnsafeRawPointer, into output: UnsafeMutableRawPointer, pixels: Int) {
        cmsDoTransform(handle, input, output, cmsUInt32Number(pixels))
    }

    /// An image of `width` × `height` converted where it lies, `rowStride` bytes a row.
    public func convertInPlace(_ pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowStride: Int) {
        for row in 0..<height {
            let start = pixels + row * rowStride
            cmsDoTransform(handle, start, start, cmsUInt32Number(width))
        }
    }
}
