// Why this exists: a photo's colours named by code points (ITU-T H.273, as HEIF's and AVIF's `nclx` colour says them) instead of an ICC profile: the common ones made into a profile with lcms2, so they are converted as any profile is.
import CLcms2
import Foundation

/// Colour primaries and transfer characteristics by their H.273 numbers.
public struct CodedColour: Sendable, Equatable, Hashable {
    public let primaries: Int
    public let transfer: Int

    public init(primaries: Int, transfer: Int) {
        self.primaries = primaries
        self.transfer = transfer
    }

    /// What these code points make of a photo's colours.
    public enum Meaning: Equatable, Sendable {
        /// sRGB, or unspecified: the pixels as they are.
        case sRGB
        /// A profile's bytes to convert from (named in its description).
        case profile(Data)
        /// Code points the app does not convert (HDR transfers, rare primaries), and why.
        case unsupported(String)
    }

    public var meaning: Meaning {
        // Primaries: 1 BT.709 (sRGB's), 2 unspecified, 9 BT.2020, 11 DCI-P3, 12 Display P3.
        let white709 = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        let named: (String, cmsCIExyYTRIPLE, cmsCIExyY)
        switch primaries {
        case 1, 2:
            named = ("BT.709", Self.triple((0.64, 0.33), (0.30, 0.60), (0.15, 0.06)), white709)
        case 9: named = ("BT.2020", Self.triple((0.708, 0.292), (0.170, 0.797), (0.131, 0.046)), white709)
        case 11: named = ("DCI-P3", Self.triple((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)), cmsCIExyY(x: 0.314, y: 0.351, Y: 1))
        case 12: named = ("Display P3", Self.triple((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)), white709)
        default: return .unsupported("its colour primaries (\(primaries)) are not converted")
        }
        // Transfer: 1, 6, 14, 15 BT.709 (shown with sRGB's curve, as viewers do), 2 unspecified,
        // 13 sRGB, 8 linear, 4 gamma 2.2, 5 gamma 2.8; 16 (PQ) and 18 (HLG) are HDR.
        let curve: OpaquePointer?
        switch transfer {
        case 1, 2, 6, 13, 14, 15:
            if primaries == 1 || primaries == 2 { return .sRGB }
            var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        case 8: curve = cmsBuildGamma(nil, 1)
        case 4: curve = cmsBuildGamma(nil, 2.2)
        case 5: curve = cmsBuildGamma(nil, 2.8)
        case 16, 18: return .unsupported("it is an HDR photo (transfer \(transfer)), shown without tone mapping")
        default: return .unsupported("its transfer characteristics (\(transfer)) are not converted")
        }
        guard let curve else { return .unsupported("lcms2 could not make its curve") }
        defer { cmsFreeToneCurve(curve) }
        var white = named.2, primaries = named.1
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = curves.withUnsafeMutableBufferPointer({ cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }) else {
            return .unsupported("lcms2 could not make its profile")
        }
        defer { cmsCloseProfile(profile) }
        let description = cmsMLUalloc(nil, 1)
        cmsMLUsetASCII(description, "en", "US", named.0)
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
        cmsMLUfree(description)
        var length: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(profile, nil, &length) != 0 else { return .unsupported("lcms2 could not save its profile") }
        var bytes = Data(count: Int(length))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &length) }
        return saved != 0 ? .profile(bytes) : .unsupported("lcms2 could not save its profile")
    }

    static func triple(_ r: (Double, Double), _ g: (Double, Double), _ b: (Double, Double)) -> cmsCIExyYTRIPLE {
        cmsCIExyYTRIPLE(Red: cmsCIExyY(x: r.0, y: r.1, Y: 1), Green: cmsCIExyY(x: g.0, y: g.1, Y: 1), Blue: cmsCIExyY(x: b.0, y: b.1, Y: 1))
    }
}
