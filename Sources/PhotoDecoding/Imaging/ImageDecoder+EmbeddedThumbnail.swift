// Why this exists: a JPEG's EXIF thumbnail decoded from the file's first bytes, in the helper, as the photo it is in is oriented: what a row on a slow share shows before the photo itself is read.
import PhotoFormats
import Foundation
import GLibRuntime

extension ImageDecoder {
    /// The EXIF thumbnail in `start` (a JPEG's first bytes), decoded as any JPEG is (within the
    /// same limits), then turned as the photo's orientation says; the report is the thumbnail's.
    func decodeEmbeddedThumbnail(_ start: Data, report: inout Report, within budget: DecodeBudget?, cancellable: Cancellable?,
                                 isCancelled: () -> Bool) throws(DecodeError) -> Thumbnail {
        let bytes = [UInt8](start.prefix(ExifThumbnail.startBytes))
        guard let found = ExifThumbnail.find(in: bytes) else { throw .undecodable(Words("it has no thumbnail of its own")) }
        var inner = self
        inner.embeddedThumbnail = false
        inner.readsDetails = false
        inner.fileName = nil
        // Its own EXIF, if it has any, is not the photo's: the photo's orientation is applied after.
        let decoded = try inner.decodeHere(Data(bytes[found.range]), report: &report, parsers: nil, within: budget,
                                           cancellable: cancellable, isCancelled: isCancelled)
        guard report.mimeType == "image/jpeg" else { throw .undecodable(Words("it has no thumbnail of its own")) }
        guard let oriented = decoded.pixbuf.oriented(exif: found.orientation) else { throw .undecodable(Words("could not orient the image")) }
        return Thumbnail(oriented)
    }
}
