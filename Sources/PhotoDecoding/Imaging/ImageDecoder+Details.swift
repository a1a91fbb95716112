// Why this exists: a photo's details read where it is decoded (in its helper, with gexiv2 handed over as ParserLibraries), when the decode is asked for them (the viewer's): from the file for JPEG, PNG, WebP and TIFF, from the Exif item for HEIC and AVIF.
import PhotoFormats
import Foundation
import MetadataValues

extension ImageDecoder {
    /// The details `data` holds, nil when it holds none that can be read.
    static func details(of data: Data, format: String, parsers libraries: ParserLibraries) -> PhotoDetails? {
        let tags: MetadataTags?
        switch format {
        case "heif/avif", "heif", "avif":
            let blocks = HEIFExif.blocks(data)
            let exif = blocks.exif.flatMap { libraries.exifTags($0) }
            // The XMP packet read as a sidecar file is, its tags added to the EXIF's.
            let xmp = blocks.xmp.flatMap { libraries.tags($0, nil) }
            tags = exif.map { exif in xmp.map { exif.merging($0) } ?? exif } ?? xmp
        case "jpeg", "png", "webp", "tiff": tags = libraries.tags(data, nil)
        default: tags = nil
        }
        guard let tags else { return nil }
        let details = PhotoDetails(tags)
        return details.isEmpty ? nil : details
    }
}
