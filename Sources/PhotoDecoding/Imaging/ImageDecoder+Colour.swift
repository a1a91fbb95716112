// Why this exists: a photo in its true colours: the ICC profile it carries is read where it is decoded (GdkPixbuf's `icc-profile` for JPEG, PNG and TIFF; a WebP's ICCP chunk, which its loader does not expose), and its pixels are converted to sRGB once, in the decoding helper, after any downscaling; an sRGB profile skips the transform, and a broken one is ignored with the reason.
import PhotoFormats
import ColourManagement
import Foundation
import GdkPixbuf
import GLibRuntime

/// What each profile seen converts with, by its bytes:
/// a folder's photos mostly share one profile, and judging one costs a transform and a probe.
private let conversions = Locked<[Data: Conversion]>([:])

extension ImageDecoder {
    /// The ICC profile of the photo `loaded` was decoded from, if it has one: a HEIF's or AVIF's
    /// from its header (an ICC colour, or code points made into a profile; where they are not
    /// converted, the reason goes in `report`), a WebP's from its chunks, others from the loader.
    static func embeddedProfile(of loaded: Pixbuf, data: Data, format: String, header: ImageHeader?, report: inout Report) -> Data? {
        if let profile = header?.profile, !profile.isEmpty { return profile }
        if let coded = header?.colour {
            switch coded.meaning {
            case .sRGB: return nil
            case .profile(let bytes): return bytes
            case .unsupported(let why):
                report.profileIgnored = why
                return nil
            }
        }
        if let encoded = loaded.option("icc-profile"), let bytes = Data(base64Encoded: encoded), !bytes.isEmpty { return bytes }
        if format == "webp", case .found(let bytes) = WebPHeader.profile(data) { return bytes }
        return nil
    }

    /// An animation's frame (`pixbuf`, changed in place) converted to sRGB from the profile
    /// `bytes` its still carries, as the still is (`inSRGB`): a JPEG XL's frames are decoded in
    /// that profile. True when its pixels were converted.
    public static func frameInSRGB(_ pixbuf: Pixbuf, profile bytes: Data) -> Bool {
        var report = Report()
        _ = inSRGB(Thumbnail(pixbuf), profile: bytes, report: &report)
        return report.profileConverted
    }

    /// `image` converted to sRGB from `profile` in place, once, where the photo was decoded;
    /// unchanged when there is none, when it is sRGB, or when it cannot be used (the reason in
    /// `report.profileIgnored`). The report names the profile either way.
    static func inSRGB(_ image: Thumbnail, profile bytes: Data?, report: inout Report) -> Thumbnail {
        guard let bytes else { return image }
        let pixbuf = image.pixbuf
        let known = conversions.withLock { $0[bytes] }
        let conversion: Conversion
        if let known {
            conversion = known
        } else {
            switch ColourProfile.reading(bytes) {
            case .success(let profile):
                let name = profile.name.map { DisplayText.clean(String($0.prefix(120))) }
                if profile.isSRGB {
                    conversion = Conversion(name: name, transform: nil, problem: nil)
                } else if let made = ConversionToSRGB(from: profile) {
                    conversion = Conversion(name: name, transform: made, problem: nil)
                } else {
                    conversion = Conversion(name: name, transform: nil, problem: "lcms2 cannot convert from it to sRGB")
                }
            case .failure(let refusal):
                conversion = Conversion(name: nil, transform: nil, problem: refusal.reason)
            }
            conversions.withLock { if $0.count >= 64 { $0.removeAll() }; $0[bytes] = conversion }
        }
        report.profileName = conversion.name
        report.profileIgnored = conversion.problem
        guard let transform = conversion.transform else { return image }
        transform.convertInPlace(pixbuf.mutablePixels, width: pixbuf.width, height: pixbuf.height, rowStride: pixbuf.rowStride, hasAlpha: pixbuf.hasAlpha)
        report.profileConverted = true
        return image
    }
}

/// What a profile seen before converts with: its name, and its transform (nil: it is sRGB, or
/// cannot be used, with the `problem`).
private struct Conversion: Sendable {
    let name: String?
    let transform: ConversionToSRGB?
    let problem: String?
}

extension ColourProfile.Refusal {
    /// Why, in words for the trace.
    public var reason: String {
        switch self {
        case .tooLarge(let bytes): "it is \(bytes) bytes, more than the \(ColourProfile.largestAccepted) a profile may have"
        case .unreadable: "lcms2 cannot read it"
        case .notRGB: "it is not an RGB profile"
        }
    }
}
