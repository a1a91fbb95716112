// Why this exists: the changes a kept photo's metadata needs before it is written into a new file: orientation 1 (its pixels are written upright), its new size, sRGB as its colour space, no embedded thumbnail or preview (they show the original), no tags describing the old file's layout, and no location unless asked.
import CGexiv2
import Foundation

enum MetadataEdits {
    /// IFD0 tags that describe how the original file's pixels were stored, not the photo.
    static let layoutTags: Set<String> = [
        "ImageWidth", "ImageLength", "BitsPerSample", "Compression", "PhotometricInterpretation", "FillOrder",
        "StripOffsets", "SamplesPerPixel", "RowsPerStrip", "StripByteCounts", "PlanarConfiguration", "Predictor",
        "TileWidth", "TileLength", "TileOffsets", "TileByteCounts", "SubIFDs", "NewSubfileType", "SubfileType",
        "JPEGInterchangeFormat", "JPEGInterchangeFormatLength", "ExtraSamples", "SampleFormat", "InterColorProfile",
        "ImageResources", "XMLPacket", "IPTCNAA", "GPSTag",
    ]
    /// The EXIF groups kept on a second try, when exiv2 could not write the rest (maker notes).
    static let standardGroups: Set<String> = ["Image", "Photo", "Iop", "GPSInfo"]
    /// Words in an XMP or IPTC tag's name that make it a place (GPS, city, country, location
    /// structures of IPTC Core and Extension).
    static let placeWords = ["gps", "location", "city", "country", "provincestate", "worldregion"]

    static func apply(_ edit: MetadataWriter.Edit, to metadata: UnsafeMutablePointer<GExiv2Metadata>, standardOnly: Bool) {
        for tag in tags(gexiv2_metadata_get_exif_tags(metadata)) {
            let parts = tag.split(separator: ".")
            guard parts.count >= 3 else { continue }
            let group = String(parts[1]), name = String(parts[2])
            let drop = group.hasPrefix("Thumbnail") || group.hasPrefix("SubImage") || group.contains("Preview")
                || (group == "Image" && layoutTags.contains(name))
                || (group == "GPSInfo" && !edit.keepsLocation)
                || (standardOnly && !standardGroups.contains(group))
            if drop { clear(tag, in: metadata) }
        }
        gexiv2_metadata_try_erase_exif_thumbnail(metadata, nil)
        if standardOnly {
            gexiv2_metadata_clear_xmp(metadata)
            gexiv2_metadata_clear_iptc(metadata)
        }
        if !edit.keepsLocation {
            gexiv2_metadata_try_delete_gps_info(metadata, nil)
            let named = tags(gexiv2_metadata_get_xmp_tags(metadata)) + tags(gexiv2_metadata_get_iptc_tags(metadata))
            for tag in named where isPlace(tag) { clear(tag, in: metadata) }
        }
        if has("Exif.Image.Orientation", metadata) || has("Xmp.tiff.Orientation", metadata) {
            gexiv2_metadata_try_set_orientation(metadata, GEXIV2_ORIENTATION_NORMAL, nil)
        }
        for tag in ["Exif.Photo.PixelXDimension", "Xmp.exif.PixelXDimension", "Xmp.tiff.ImageWidth"] where has(tag, metadata) {
            gexiv2_metadata_try_set_tag_long(metadata, tag, edit.width, nil)
        }
        for tag in ["Exif.Photo.PixelYDimension", "Xmp.exif.PixelYDimension", "Xmp.tiff.ImageLength"] where has(tag, metadata) {
            gexiv2_metadata_try_set_tag_long(metadata, tag, edit.height, nil)
        }
        // The pixels written are sRGB (converted where they were decoded), whatever the original was.
        if gexiv2_metadata_has_exif(metadata) != 0 { gexiv2_metadata_try_set_tag_long(metadata, "Exif.Photo.ColorSpace", 1, nil) }
        if has("Xmp.exif.ColorSpace", metadata) { gexiv2_metadata_try_set_tag_long(metadata, "Xmp.exif.ColorSpace", 1, nil) }
        if has("Exif.Iop.InteroperabilityIndex", metadata) {
            gexiv2_metadata_try_set_tag_string(metadata, "Exif.Iop.InteroperabilityIndex", "R98", nil)
        }
        clear("Xmp.photoshop.ICCProfile", in: metadata)
    }

    static func isPlace(_ tag: String) -> Bool {
        let name = tag.split(separator: ".").dropFirst(2).joined(separator: ".").lowercased()
        return placeWords.contains { name.contains($0) } || tag.hasPrefix("Xmp.photoshop.State")
    }

    private static func has(_ tag: String, _ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> Bool {
        gexiv2_metadata_try_has_tag(metadata, tag, nil) != 0
    }

    private static func clear(_ tag: String, in metadata: UnsafeMutablePointer<GExiv2Metadata>) {
        var error: UnsafeMutablePointer<GError>?
        _ = gexiv2_metadata_try_clear_tag(metadata, tag, &error)
        if let error { g_error_free(error) }
    }

    /// A gexiv2 tag list as strings (the list freed).
    private static func tags(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var names: [String] = []
        var index = 0
        while let name = list[index] {
            names.append(String(cString: name))
            index += 1
        }
        return names
    }
}
