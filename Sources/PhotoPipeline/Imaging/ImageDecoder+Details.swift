// Why this exists: a photo's details read where it is decoded (in its helper, with gexiv2), when the decode is asked for them (the viewer's): from the file for JPEG, PNG, WebP and TIFF, from the Exif item for HEIC and AVIF.
import Foundation
import PhotoMetadata

extension ImageDecoder {
    /// The details `data` holds, nil when it holds none that can be read.
    static func details(of data: Data, format: String) -> PhotoDetails? {
        let tags: MetadataReader.Tags?
        switch format {
        case "heif/avif", "heif", "avif":
            let blocks = HEIFExif.blocks(data)
            let exif = blocks.exif.flatMap { MetadataReader.read(exif: $0) }
            // The XMP packet read as a sidecar file is, its tags added to the EXIF's.
            let xmp = blocks.xmp.flatMap { MetadataReader.read(file: $0) }
            tags = exif.map { exif in xmp.map { exif.merging($0) } ?? exif } ?? xmp
        case "jpeg", "png", "webp", "tiff": tags = MetadataReader.read(file: data)
        default: tags = nil
        }
        guard let tags else { return nil }
        let details = PhotoDetails(tags)
        return details.isEmpty ? nil : details
    }
}
