// Why this exists: a photo in its true colours: the ICC profile it carries is read where it is decoded (GdkPixbuf's `icc-profile` for JPEG, PNG and TIFF; a WebP's ICCP chunk, which its loader does not expose), and its pixels are converted to sRGB once, in the app, after any downscaling; an sRGB profile skips the transform, and a broken one is ignored with the reason.
import ColourManagement
import Foundation
import GdkPixbuf
import GLibRuntime

/// What each profile seen converts with (nil: it is sRGB, no transform), by its bytes and alpha:
/// a folder's photos mostly share one profile, and judging one costs a transform and a probe.
private let conversions = Locked<[ConversionKey: ColourTransform?]>([:])

private struct ConversionKey: Hashable {
    let profile: Data
    let hasAlpha: Bool
}

extension ImageDecoder {
    /// The ICC profile of the photo `loaded` was decoded from, if it has one.
    static func embeddedProfile(of loaded: Pixbuf, data: Data, format: String) -> Data? {
        if let encoded = loaded.option("icc-profile"), let bytes = Data(base64Encoded: encoded), !bytes.isEmpty { return bytes }
        if format == "webp" { return webPProfile(data) }
        return nil
    }

    /// A WebP's ICCP chunk (in an extended, VP8X file), read from its RIFF chunks.
    static func webPProfile(_ data: Data) -> Data? {
        let bytes = [UInt8](data.prefix(1 << 24))
        guard bytes.count >= 20, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46], bytes[8..<12] == [0x57, 0x45, 0x42, 0x50] else { return nil }
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let body = offset + 8
            guard size >= 0, body + size <= bytes.count else { return nil }
            if bytes[offset..<(offset + 4)] == [0x49, 0x43, 0x43, 0x50] { return Data(bytes[body..<(body + size)]) }
            // The profile comes before the image data ("VP8 ", "VP8L", "ALPH", "ANMF"); past that, there is none.
            let tag = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            if ["VP8 ", "VP8L", "ALPH", "ANMF"].contains(tag) { return nil }
            offset = body + size + (size & 1)
        }
        return nil
    }

    /// `image` converted to sRGB from the profile `report` names, in place (a helper's pixels
    /// are mapped copy-on-write, so only the app's copy changes); unchanged when there is none,
    /// when it is sRGB, or when it cannot be used (the reason in `report.profileIgnored`).
    static func inSRGB(_ image: Thumbnail, report: inout Report) -> Thumbnail {
        guard let bytes = report.profile else { return image }
        let pixbuf = image.pixbuf
        let key = ConversionKey(profile: bytes, hasAlpha: pixbuf.hasAlpha)
        let known = conversions.withLock { $0[key] }
        let transform: ColourTransform?
        if let known {
            transform = known
        } else {
            switch ColourProfile.reading(bytes) {
            case .success(let profile):
                if profile.isSRGB {
                    transform = nil
                } else if let made = ColourTransform(from: profile, to: .sRGB, hasAlpha: pixbuf.hasAlpha) {
                    transform = made
                } else {
                    report.profileIgnored = "lcms2 could not convert from it"
                    return image
                }
            case .failure(let refusal):
                report.profileIgnored = "\(refusal)"
                return image
            }
            conversions.withLock { if $0.count >= 64 { $0.removeAll() }; $0[key] = .some(transform) }
        }
        transform?.convertInPlace(pixbuf.mutablePixels, width: pixbuf.width, height: pixbuf.height, rowStride: pixbuf.rowStride)
        return image
    }
}
