// Why this exists: what a photo says about itself (EXIF, XMP, IPTC), read with gexiv2 from its bytes, or from a HEIF's Exif item handed over as a TIFF block (bookworm's exiv2 cannot read HEIF): each tag's raw text, as a dictionary the pipeline words for people.
import CGexiv2
import Foundation
import MetadataValues

public enum MetadataReader {
    /// The tags read (MetadataValues: the pipeline words them without this library).
    public typealias Tags = MetadataTags

    /// The single-valued tags asked for.
    public static let tagNames = [
        "Exif.Image.Make", "Exif.Image.Model", "Exif.Photo.LensMake", "Exif.Photo.LensModel",
        "Exif.Photo.ExposureTime", "Exif.Photo.FNumber", "Exif.Photo.ISOSpeedRatings", "Exif.Photo.FocalLength",
        "Exif.Photo.FocalLengthIn35mmFilm", "Exif.Photo.Flash", "Exif.Photo.DateTimeOriginal", "Exif.Photo.OffsetTimeOriginal",
        "Exif.Photo.PixelXDimension", "Exif.Photo.PixelYDimension", "Exif.Image.Orientation", "Xmp.dc.title", "Xmp.dc.description",
        "Iptc.Application2.ObjectName", "Iptc.Application2.Caption", PhotoMarks.ratingKey, PhotoMarks.pickKey,
    ]
    /// The tags with several values.
    public static let listNames = ["Xmp.dc.subject", "Iptc.Application2.Keywords", PhotoTags.digiKamKey, PhotoTags.lightroomKey]

    private static let started: Bool = {
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
        return gexiv2_initialize() != 0
    }()

    typealias Opener = (UnsafeMutablePointer<GExiv2Metadata>?, UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) -> gboolean

    /// gexiv2's metadata of `data` (a photo's file, of a kind `ExivFileKinds` lets exiv2 open,
    /// unless `isFile` is false: an EXIF block, which exiv2 reads as that alone), to unref; nil
    /// when exiv2 cannot or may not read it.
    static func opened(_ data: Data, isFile: Bool = true,
                       _ open: Opener = { gexiv2_metadata_open_buf($0, $1, $2, $3) }) -> UnsafeMutablePointer<GExiv2Metadata>? {
        guard started, !data.isEmpty, !isFile || ExivFileKinds.mayOpen(data), let metadata = gexiv2_metadata_new() else { return nil }
        var error: UnsafeMutablePointer<GError>?
        let opened = data.withUnsafeBytes { raw in open(metadata, raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &error) }
        if let error { g_error_free(error) }
        guard opened != 0 else {
            g_object_unref(metadata)
            return nil
        }
        return metadata
    }

    /// The tags of a photo's file (JPEG, PNG, WebP, TIFF), or nil when exiv2 cannot read it.
    public static func read(file data: Data) -> Tags? {
        read(data) { metadata, bytes, count, error in gexiv2_metadata_open_buf(metadata, bytes, count, error) }
    }

    /// The tags of an EXIF block ("Exif\0\0" and a TIFF header, as a JPEG's APP1 holds it).
    public static func read(exif data: Data) -> Tags? {
        read(data, isFile: false) { metadata, bytes, count, error in gexiv2_metadata_from_app1_segment(metadata, bytes, count, error) }
    }

    /// Only the tags named `names` (no lists, no position) of a photo's file:
    /// what a sort needs, read as fast as exiv2 can.
    public static func read(file data: Data, only names: [String]) -> Tags? {
        read(data, names: names, lists: false) { metadata, bytes, count, error in gexiv2_metadata_open_buf(metadata, bytes, count, error) }
    }

    private static func read(_ data: Data, names: [String] = tagNames, lists: Bool = true, isFile: Bool = true, _ open: Opener) -> Tags? {
        guard let metadata = opened(data, isFile: isFile, open) else { return nil }
        defer { g_object_unref(metadata) }
        var tags = Tags()
        for name in names where gexiv2_metadata_try_has_tag(metadata, name, nil) != 0 {
            var failure: UnsafeMutablePointer<GError>?
            let value = gexiv2_metadata_try_get_tag_string(metadata, name, &failure)
            if let failure { g_error_free(failure) }
            if let value {
                tags.values[name] = String(cString: value)
                g_free(value)
            }
        }
        guard lists else { return tags }
        for name in listNames where gexiv2_metadata_try_has_tag(metadata, name, nil) != 0 {
            guard let values = gexiv2_metadata_try_get_tag_multiple(metadata, name, nil) else { continue }
            var list: [String] = []
            var index = 0
            while let value = values[index], list.count < 100 {
                list.append(String(cString: value))
                index += 1
            }
            g_strfreev(values)
            tags.lists[name] = list
        }
        // (get_gps_info wants an altitude too; a photo's position often has none.)
        var longitude = 0.0, latitude = 0.0
        if gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, nil) != 0, gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, nil) != 0,
           latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 {
            tags.latitude = latitude
            tags.longitude = longitude
        }
        return tags
    }
}
