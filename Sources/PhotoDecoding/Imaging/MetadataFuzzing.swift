// Why this exists: for the header fuzzer: every reader of a photo's metadata on the same bytes, whatever they say they are, the helper's side (details and facts read with exiv2 and our own IFD reader, the kept metadata's parts) and the app's (its checks of a helper's numbers, its own EXIF pass); each must refuse what it cannot read, never trap.
import PhotoFormats
import Foundation
import MetadataValues

public enum MetadataFuzzing {
    public static func tryEveryReader(on data: Data, parsers: ParserLibraries) {
        for format in ["jpeg", "png", "webp", "tiff", "heif"] {
            if let details = ImageDecoder.details(of: data, format: format, parsers: parsers) { _ = details.checked() }
        }
        if let facts = PhotoFacts.readHere(data, parsers: parsers) { _ = facts.checked().taken }
        _ = ExifFields.facts(Data("Exif\0\0".utf8) + data)
        for keepsLocation in [false, true] { _ = ExifCleaning.cleaned(data, keepsLocation: keepsLocation) }
        // (exiv2's write, the slowest reader here, once.)
        if case .kept(let blocks) = KeptMetadata.blocksHere(data, MetadataEdit(keepsLocation: false, width: 16, height: 12), parsers: parsers) {
            _ = blocks.exif.flatMap { ExifCleaning.cleaned($0, keepsLocation: false) }
        }
    }
}
