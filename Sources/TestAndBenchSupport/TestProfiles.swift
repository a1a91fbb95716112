// Why this exists: ICC profiles for colour tests, made with lcms2 itself: one whose red and green primaries are swapped (red pixels tagged with it are green once the profile is applied, as colord's SwappedRedAndGreen.icc does), and sRGB, each as the bytes a photo would carry.
import CLcms2
import Foundation

public enum TestProfiles {
    /// An RGB profile (gamma 2.2, D65) whose red and green primaries are sRGB's green and red.
    public static func swappedRedAndGreen() -> Data {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.30, y: 0.60, Y: 1), Green: cmsCIExyY(x: 0.64, y: 0.33, Y: 1),
                                        Blue: cmsCIExyY(x: 0.15, y: 0.06, Y: 1))
        let gamma = cmsBuildGamma(nil, 2.2)
        defer { cmsFreeToneCurve(gamma) }
        var curves: [OpaquePointer?] = [gamma, gamma, gamma]
        let profile = curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
        defer { cmsCloseProfile(profile) }
        return saved(profile)
    }

    /// One of colord's profiles (colord-data): "SwappedRedAndGreen", "AdobeRGB1998", "ProPhotoRGB".
    public static func colord(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/colord/\(name).icc"))
    }

    /// Display P3 (the colours iPhones write): DCI-P3's primaries, D65 white, sRGB's curve.
    public static func displayP3() -> Data {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: 0.680, y: 0.320, Y: 1), Green: cmsCIExyY(x: 0.265, y: 0.690, Y: 1),
                                        Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        // sRGB's transfer curve: lcms2's parametric type 4.
        var parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        let curve = cmsBuildParametricToneCurve(nil, 4, &parameters)
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        let profile = curves.withUnsafeMutableBufferPointer { cmsCreateRGBProfile(&white, &primaries, $0.baseAddress) }
        defer { cmsCloseProfile(profile) }
        if let profile {
            let description = cmsMLUalloc(nil, 1)
            cmsMLUsetASCII(description, "en", "US", "Display P3")
            cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(description))
            cmsMLUfree(description)
        }
        return saved(profile)
    }

    /// lcms2's own sRGB.
    public static func sRGB() -> Data {
        let profile = cmsCreate_sRGBProfile()
        defer { cmsCloseProfile(profile) }
        return saved(profile)
    }

    /// A grey profile: a profile, but not one for RGB pixels.
    public static func grey() -> Data {
        let curve = cmsBuildGamma(nil, 2.2)
        defer { cmsFreeToneCurve(curve) }
        let profile = cmsCreateGrayProfile(cmsD50_xyY(), curve)
        defer { cmsCloseProfile(profile) }
        return saved(profile)
    }

    static func saved(_ profile: cmsHPROFILE?) -> Data {
        var length: cmsUInt32Number = 0
        guard let profile, cmsSaveProfileToMem(profile, nil, &length) != 0 else { return Data() }
        var bytes = Data(count: Int(length))
        let written = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &length) }
        return written != 0 ? bytes : Data()
    }
}

extension TestProfiles {
    /// `png` written as `output` (its extension says the format) tagged with the profile at
    /// `profile`: ImageMagick for JPEG, PNG, TIFF and WebP; libheif's and libavif's own encoders
    /// for HEIC and AVIF, into which ImageMagick 6 writes no profile.
    public static func tag(_ png: URL, profile: String, as output: URL, quality: Int = 100) throws {
        let made: (output: String, status: Int32)
        switch output.pathExtension {
        case "heic":
            let tagged = output.deletingPathExtension().appendingPathExtension("tagged.png")
            defer { try? FileManager.default.removeItem(at: tagged) }
            // PNG24: heif-enc (1.15) reads a palette PNG, which ImageMagick writes for few colours, wrong.
            let first = try Tool.run("/usr/bin/convert", [png.path, "-profile", profile, "PNG24:" + tagged.path])
            guard first.status == 0 else { throw Failed(output: first.output) }
            made = try Tool.run("/usr/bin/heif-enc", ["-q", String(min(quality, 99)), tagged.path, "-o", output.path], timeout: 120)
        case "avif":
            let quantizer = quality >= 90 ? "2" : "24"
            made = try Tool.run("/usr/bin/avifenc", ["-s", "8", "--min", "0", "--max", quantizer, "--icc", profile, png.path, output.path], timeout: 120)
        default:
            made = try Tool.run("/usr/bin/convert", [png.path, "-profile", profile, "-quality", String(quality), output.path], timeout: 120)
        }
        guard made.status == 0 else { throw Failed(output: made.output) }
    }

    public struct Failed: Error, CustomStringConvertible {
        public let output: String
        public var description: String { "the tagged photo was not written: \(output)" }
    }
}
