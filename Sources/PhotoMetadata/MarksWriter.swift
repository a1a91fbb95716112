// Why this exists: gexiv2's side of rating, picking and rejecting a photo (only in the decoding helper's program): the marks read from the photo's XMP, changed as asked, and the new XMP packet made by exiv2. Only the packet is made here: the helper places it in the file itself, so nothing else in the file (its Exif above all) is written again.
import CGexiv2
import Foundation
import MetadataValues

public enum MarksWriter {
    public enum Outcome: Sendable, Equatable {
        /// The photo's new XMP packet, and the marks it had before (what Undo sets back).
        case packet(Data, before: PhotoMarks)
        case unreadable
        case unwritable(String)
    }

    /// The XMP packet of `file` (a JPEG, PNG or WebP) with its marks changed as `change` says.
    public static func marked(_ file: Data, _ change: MarksChange) -> Outcome {
        guard let metadata = MetadataReader.opened(file) else { return .unreadable }
        defer { g_object_unref(metadata) }
        let ratingBefore = string(PhotoMarks.ratingKey, in: metadata)
        let labelBefore = string(PhotoMarks.pickKey, in: metadata)
        let before = PhotoMarks(rating: ratingBefore, pickLabel: labelBefore)
        let fields = change.applied(to: before).fields(pickLabelBefore: labelBefore)
        guard set(PhotoMarks.ratingKey, fields.rating, in: metadata), set(PhotoMarks.pickKey, fields.pickLabel, in: metadata) else {
            return .unwritable("the marks could not be set")
        }
        var failure: UnsafeMutablePointer<GError>?
        let packet = gexiv2_metadata_try_generate_xmp_packet(metadata, GExiv2XmpFormatFlags(rawValue: 0), 0, &failure)
        let message = failure.map { String(cString: $0.pointee.message) }
        if let failure { g_error_free(failure) }
        guard let packet else { return .unwritable(message ?? "no XMP was made") }
        defer { g_free(packet) }
        return .packet(Data(String(cString: packet).utf8), before: before)
    }

    /// The marks `file` holds (nil when exiv2 cannot read it).
    public static func marks(of file: Data) -> PhotoMarks? {
        guard let metadata = MetadataReader.opened(file) else { return nil }
        defer { g_object_unref(metadata) }
        return PhotoMarks(rating: string(PhotoMarks.ratingKey, in: metadata), pickLabel: string(PhotoMarks.pickKey, in: metadata))
    }

    private static func string(_ key: String, in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> String? {
        guard gexiv2_metadata_try_has_tag(metadata, key, nil) != 0 else { return nil }
        var failure: UnsafeMutablePointer<GError>?
        let value = gexiv2_metadata_try_get_tag_string(metadata, key, &failure)
        if let failure { g_error_free(failure) }
        defer { g_free(value) }
        return value.map { String(String(cString: $0).prefix(32)) }
    }

    private static func set(_ key: String, _ value: String?, in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> Bool {
        var failure: UnsafeMutablePointer<GError>?
        if let value {
            let done = gexiv2_metadata_try_set_tag_string(metadata, key, value, &failure)
            if let failure { g_error_free(failure) }
            return done != 0
        }
        guard gexiv2_metadata_try_has_tag(metadata, key, nil) != 0 else { return true }
        let done = gexiv2_metadata_try_clear_tag(metadata, key, &failure)
        if let failure { g_error_free(failure) }
        return done != 0
    }
}
