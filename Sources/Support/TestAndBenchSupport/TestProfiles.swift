// Why this exists: ICC profiles for colour tests and photos that carry them: profiles made with lcms2 (one whose red and green primaries are swapped, sRGB, grey, Display P3) or shipped by colord, hostile ones, and the tools that tag a photo in each format (ImageMagick, heif-enc, avifenc, a JPEG's APP2 segments written here).
import CLcms2
import ColourManagement
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

    /// Display P3 (the colours iPhones write): DCI-P3's primaries, D65 white, sRGB's curve, as
    /// the app makes it from a HEIF's code points (12, 13).
    public static func displayP3() -> Data {
        guard case .profile(let bytes) = CodedColour(primaries: 12, transfer: 13).meaning else { return Data() }
        return bytes
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
        public init(output: String) { self.output = output }
    }
}

extension TestProfiles {
    /// `jpeg` with `profile` put in APP2 ICC_PROFILE segments right after its start, split in
    /// pieces of 65,519 bytes as the ICC's JPEG embedding says (any bytes: a hostile profile too).
    public static func jpeg(_ jpeg: Data, carrying profile: Data) -> Data {
        let piece = 65_519
        let count = max(1, (profile.count + piece - 1) / piece)
        var out = Data(jpeg.prefix(2))
        for index in 0..<count {
            let part = profile[(profile.startIndex + index * piece)..<(profile.startIndex + min(profile.count, (index + 1) * piece))]
            let length = 2 + 14 + part.count
            out += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            out += Data("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(count)]
            out += part
        }
        return out + jpeg.dropFirst(2)
    }

    /// Profiles a hostile photo could carry, by what is wrong with them.
    public static func hostile() throws -> [(name: String, bytes: Data)] {
        let adobe = try colord("AdobeRGB1998")
        // Its first tag's offset pointed far past its end.
        var badOffset = adobe
        badOffset.replaceSubrange((badOffset.startIndex + 136)..<(badOffset.startIndex + 140), with: [0x7F, 0xFF, 0xFF, 0xF0])
        // A header that says it is 4 GB.
        var hugeHeader = adobe
        hugeHeader.replaceSubrange(hugeHeader.startIndex..<(hugeHeader.startIndex + 4), with: [0xFF, 0xFF, 0xFF, 0xFF])
        // 128 tags declared, in a table of 9.
        var manyTags = adobe
        manyTags.replaceSubrange((manyTags.startIndex + 128)..<(manyTags.startIndex + 132), with: [0, 0, 0, 128])
        return [
            ("noise", Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })),
            ("cut short", adobe.prefix(200)),
            ("grey", grey()),
            ("CMYK", try Data(contentsOf: URL(fileURLWithPath: "/usr/share/color/icc/ghostscript/default_cmyk.icc"))),
            ("5 MB", adobe + Data(count: 5 << 20)),
            ("tag past its end", badOffset),
            ("4 GB header", hugeHeader),
            ("more tags than it holds", manyTags),
        ]
    }
}
