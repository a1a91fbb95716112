// Why this exists: an ICC colour profile as an owned Swift value over lcms2's handle: opened from the bytes a photo carries (checked to be an RGB profile lcms2 can read), or sRGB itself, and closed when the last reference goes.
import CLcms2
import Foundation

/// An RGB colour profile lcms2 has parsed.
/// (@unchecked Sendable: immutable after it is made; lcms2 profiles may be read from several threads, and only transforms are made from them.)
public final class ColourProfile: @unchecked Sendable {
    let handle: cmsHPROFILE
    /// The bytes it was read from (empty for the built-in sRGB).
    public let bytes: Data

    private init(handle: cmsHPROFILE, bytes: Data) {
        self.handle = handle
        self.bytes = bytes
    }

    deinit { cmsCloseProfile(handle) }

    /// Profiles larger than this are refused unread (a photo's is a few KB; the largest
    /// camera and printer profiles are about 1 MB).
    public static let largestAccepted = 4 << 20

    /// Why a profile was not used.
    public enum Refusal: Error, Equatable, Sendable {
        case tooLarge(bytes: Int)
        case unreadable
        case notRGB
    }

    /// The profile in `bytes`, or why it cannot be used for an RGB photo.
    public static func reading(_ bytes: Data) -> Result<ColourProfile, Refusal> {
        guard bytes.count <= largestAccepted else { return .failure(.tooLarge(bytes: bytes.count)) }
        guard !bytes.isEmpty else { return .failure(.unreadable) }
        let opened = bytes.withUnsafeBytes { raw in cmsOpenProfileFromMem(raw.baseAddress, cmsUInt32Number(raw.count)) }
        guard let handle = opened else { return .failure(.unreadable) }
        let profile = ColourProfile(handle: handle, bytes: bytes)
        guard cmsGetColorSpace(handle) == cmsSigRgbData else { return .failure(.notRGB) }
        return .success(profile)
    }

    /// The profile's description ("Adobe RGB (1998)"), as it is written (cleaned by the caller).
    public var name: String? {
        let size = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", nil, 0)
        guard size > 1, size <= 4096 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, size) > 0 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// sRGB (IEC 61966-2.1), as lcms2 builds it.
    public static let sRGB: ColourProfile = ColourProfile(handle: cmsCreate_sRGBProfile(), bytes: Data())

    /// sRGB's profile as bytes, as a saved photo carries it (its pixels are sRGB).
    public static let sRGBBytes: Data = {
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(sRGB.handle, nil, &size) != 0, size > 0, size < 1 << 16 else { return Data() }
        var bytes = Data(count: Int(size))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(sRGB.handle, $0.baseAddress, &size) }
        return saved != 0 ? bytes.prefix(Int(size)) : Data()
    }()

    /// Whether converting from this profile to sRGB would change no pixel by more than one
    /// level in 255, probed at 17 levels of each channel (so a photo tagged with one of the many
    /// sRGB profiles skips the transform).
    public var isSRGB: Bool {
        guard let transform = ColourTransform(from: self, to: .sRGB, hasAlpha: false) else { return false }
        let pixels = Self.cube
        var converted = pixels
        pixels.withUnsafeBytes { input in
            converted.withUnsafeMutableBytes { output in
                transform.convert(input.baseAddress!, into: output.baseAddress!, pixels: pixels.count / 3)
            }
        }
        return zip(pixels, converted).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// Every colour of a 17-level RGB cube (0, 16, …, 240, 255 in each channel): 4,913 RGB
    /// pixels, the probe of `isSRGB` and what conversions are checked and measured on.
    public static let cube: [UInt8] = {
        let levels = Array(stride(from: 0, to: 256, by: 16)) + [255]
        var pixels: [UInt8] = []
        for r in levels { for g in levels { for b in levels { pixels += [UInt8(r), UInt8(g), UInt8(b)] } } }
        return pixels
    }()
}
