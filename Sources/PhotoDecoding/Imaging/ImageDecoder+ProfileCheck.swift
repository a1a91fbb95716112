// Why this exists: whether a photo's colours need its profile applied, judged from its first bytes alone (in a helper), so a desktop thumbnail made without the profile is used only for a photo that has none, or an sRGB one.
import PhotoFormats
import ColourManagement
import Foundation
import GdkPixbuf
import GLibRuntime

/// What a photo's first bytes say of its colours.
public enum ProfileCheck: String, Codable, Sendable {
    /// No profile: its pixels are sRGB as they are.
    case none
    /// A profile that is sRGB, or one that cannot be used (the photo is shown as its pixels are).
    case sRGB
    /// A profile its pixels are converted from.
    case converts
    /// The bytes read do not say (a TIFF's loader reads whole files, a HEIF's boxes come later).
    case unknown
}

extension ImageDecoder {
    /// How many of a photo's first bytes `checkProfile` reads: a JPEG's APP2 segments come
    /// after its Exif (at most 64 KB), a PNG's iCCP and a WebP's ICCP before any pixels.
    public static let profileCheckBytes = 256 << 10

    /// What the profile in `prefix` (a photo's first bytes) does to its colours, asked of a
    /// helper in the app: the app never parses a photo's profile.
    public static func checkProfile(_ prefix: Data, by decoders: Decoders, origin: String, cancellable: Cancellable?) -> ProfileCheck {
        if let pool = decoders.pool {
            guard case .success(let (reply, _)) = pool.ask(origin: origin, bytes: prefix, cancellable: cancellable, fits: { _ in false }, { .profile(id: $0) }) else { return .unknown }
            return reply.profileCheck ?? .unknown
        }
        return checkProfileHere(prefix)
    }

    /// `checkProfile` in this process (the helper's side).
    public static func checkProfileHere(_ prefix: Data) -> ProfileCheck {
        guard let format = PixbufFormats.format(sniffing: prefix, name: nil) else { return .unknown }
        let profile: Data?
        switch format.name {
        case "webp":
            switch WebPHeader.profile(prefix) {
            case .found(let bytes): profile = bytes
            case .none: return .none
            case .unknown: return .unknown
            }
        case "jpeg", "png":
            // The loader sets `icc-profile` on its pixbuf as it allocates it, after the header.
            // A header declaring more pixels than a photo may have is not allocated (the
            // decode refuses it): the loader is told to expect nothing (a zero size).
            guard let loader = try? PixbufLoader(type: format.name) else { return .unknown }
            var prepared = false, refused = false
            loader.onSizePrepared { [unowned loader] width, height in
                let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
                guard width <= 0 || height <= 0 || overflow || pixels > defaultPixelLimit else { return }
                refused = true
                loader.setSize(width: 0, height: 0)
            }
            loader.onAreaPrepared { prepared = true }
            _ = try? loader.feed(prefix, chunkSize: 16 << 10, stop: { prepared || refused })
            let pixbuf = loader.pixbuf
            try? loader.close()
            guard prepared, !refused, let pixbuf else { return .unknown }
            profile = pixbuf.option("icc-profile").flatMap { Data(base64Encoded: $0) }
        case "heif/avif", "heif", "avif":
            // Its colour properties are in its header (the meta box, first in a photo's file).
            guard let header = try? ImageHeader.read(prefix, format: format) else { return .unknown }
            if let icc = header.profile {
                profile = icc
            } else if let coded = header.colour, case .profile(let bytes) = coded.meaning {
                profile = bytes
            } else {
                // Code points for sRGB, or ones not converted (the photo shown as its pixels are).
                return header.colour == nil || header.colour?.meaning == .sRGB ? .none : .sRGB
            }
        case "gif", "bmp", "ico", "ani", "svg", "tga", "xpm", "pnm", "qtif", "icns":
            return .none
        default:
            return .unknown
        }
        guard let profile, !profile.isEmpty else { return .none }
        guard case .success(let read) = ColourProfile.reading(profile) else { return .sRGB }
        return read.isSRGB ? .sRGB : .converts
    }
}
