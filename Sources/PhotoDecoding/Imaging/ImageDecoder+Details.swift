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

extension ImageDecoder {
    /// A RAW file's details: exiv2's reading of its tags (it reads DNG, CR2, NEF, ARW, ORF, RW2,
    /// RAF and PEF), with what libraw read filling what exiv2 did not.
    static func rawDetails(_ data: Data, facts: RawFacts, parsers libraries: ParserLibraries?) -> PhotoDetails? {
        var details = libraries?.tags(data, nil).map(PhotoDetails.init) ?? PhotoDetails()
        func text(_ value: String) -> String? { value.isEmpty ? nil : String(DisplayText.clean(String(value.prefix(PhotoDetails.longest)))) }
        details.make = details.make ?? text(facts.make)
        details.model = details.model ?? text(facts.model)
        details.lens = details.lens ?? text(facts.lens)
        if details.iso == nil, facts.iso >= 1, facts.iso < 1e7 { details.iso = Int(facts.iso) }
        if details.fNumber == nil, facts.aperture > 0, facts.aperture < 1000 { details.fNumber = facts.aperture }
        if details.focalLength == nil, facts.focalLength > 0, facts.focalLength < 1e5 { details.focalLength = facts.focalLength }
        if details.exposure == nil, facts.shutter > 0, facts.shutter < 1e5 {
            details.exposure = facts.shutter < 1 ? PhotoDetails.Fraction(numerator: 1, denominator: Int((1 / facts.shutter).rounded()))
                : PhotoDetails.Fraction(numerator: Int(facts.shutter.rounded()), denominator: 1)
        }
        return details.isEmpty ? nil : details.checked()
    }
}
