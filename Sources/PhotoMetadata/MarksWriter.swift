// Why this exists: gexiv2's side of rating, picking and rejecting a photo, and of a RAW file's turn in its sidecar (only in the decoding helper's program): the marks read from the photo's XMP, changed as asked, and the new XMP packet made by exiv2. Only the packet is made here: the helper places it in the file itself, so nothing else in the file (its Exif above all) is written again.
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
        let labelBefore = MarksReader.string(PhotoMarks.pickKey, in: metadata)
        let subjects = MarksReader.list(PhotoTags.subjectKey, in: metadata)
        var before = MarksReader.marks(metadata, subjects: subjects)
        before.orientation = MarksReader.orientation(in: metadata)
        let after = change.applied(to: before)
        let fields = after.fields(pickLabelBefore: labelBefore)
        guard set(PhotoMarks.ratingKey, fields.rating, in: metadata), set(PhotoMarks.pickKey, fields.pickLabel, in: metadata) else {
            return .unwritable("the marks could not be set")
        }
        // A RAW file's turn, in its sidecar (the app asks it of nothing else).
        if let orientation = change.orientation, !set(PhotoMarks.orientationKey, String(orientation), in: metadata) {
            return .unwritable("the orientation could not be set")
        }
        // The tags' fields only when the tags change: a rating leaves another app's keywords be.
        if change.changesTags {
            // Written back whole or not at all: a keyword past what the app reads would be lost.
            guard [PhotoTags.subjectKey, PhotoTags.digiKamKey, PhotoTags.lightroomKey].allSatisfy({ keptWhole($0, in: metadata) }),
                  before.tags.count < PhotoTags.most else {
                return .unwritable("it has more keywords, or longer ones, than the app keeps")
            }
            let tagFields = PhotoTags.fields(after.tags, subjectsBefore: subjects, tagsBefore: before.tags)
            guard set(PhotoTags.digiKamKey, tagFields.digiKam, in: metadata), set(PhotoTags.lightroomKey, tagFields.lightroom, in: metadata),
                  set(PhotoTags.subjectKey, tagFields.subjects, in: metadata) else { return .unwritable("the tags could not be set") }
        }
        var failure: UnsafeMutablePointer<GError>?
        let packet = gexiv2_metadata_try_generate_xmp_packet(metadata, GExiv2XmpFormatFlags(rawValue: 0), 0, &failure)
        let message = failure.map { String(cString: $0.pointee.message) }
        if let failure { g_error_free(failure) }
        guard let packet else { return .unwritable(message ?? "no XMP was made") }
        defer { g_free(packet) }
        return .packet(Data(String(cString: packet).utf8), before: before)
    }

    /// Whether `list` reads the field whole: at most `PhotoTags.most` values, none cut short.
    private static func keptWhole(_ key: String, in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> Bool {
        guard gexiv2_metadata_try_has_tag(metadata, key, nil) != 0, let values = gexiv2_metadata_try_get_tag_multiple(metadata, key, nil) else { return true }
        defer { g_strfreev(values) }
        var index = 0
        while let value = values[index] {
            guard index < PhotoTags.most, String(cString: value).count <= PhotoTags.longest else { return false }
            index += 1
        }
        return true
    }

    /// A list field set to `values` (removed when there are none).
    private static func set(_ key: String, _ values: [String], in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> Bool {
        guard !values.isEmpty else { return set(key, nil as String?, in: metadata) }
        var failure: UnsafeMutablePointer<GError>?
        // Cleared first: exiv2 adds to a bag it already holds.
        _ = set(key, nil as String?, in: metadata)
        var pointers = values.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let done = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gexiv2_metadata_try_set_tag_multiple(metadata, key, $0, &failure)
            }
        }
        if let failure { g_error_free(failure) }
        return done != 0
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
