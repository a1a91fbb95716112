// Why this exists: gexiv2's side of reading a photo's marks (only in the decoding helper's program): its rating, pick or reject and tags, from its own XMP or from an XMP packet alone (a sidecar's, or a JPEG's XMP segment), for the gallery's rows and its filter, and for the change `MarksWriter` makes.
import CGexiv2
import Foundation
import MetadataValues

public enum MarksReader {
    /// The marks of `file` (a photo exiv2 reads, or an XMP packet); nil when its metadata cannot
    /// be read. No marks at all is `PhotoMarks()`.
    public static func marks(of file: Data) -> PhotoMarks? {
        guard let metadata = MetadataReader.opened(file) else { return nil }
        defer { g_object_unref(metadata) }
        return marks(metadata, subjects: list(PhotoTags.subjectKey, in: metadata))
    }

    static func marks(_ metadata: UnsafeMutablePointer<GExiv2Metadata>, subjects: [String]) -> PhotoMarks {
        var marks = PhotoMarks(rating: string(PhotoMarks.ratingKey, in: metadata), pickLabel: string(PhotoMarks.pickKey, in: metadata))
        marks.tags = PhotoTags.read(digiKam: list(PhotoTags.digiKamKey, in: metadata), lightroom: list(PhotoTags.lightroomKey, in: metadata),
                                    subjects: subjects)
        return marks
    }

    /// The EXIF orientation (1–8) the XMP's `tiff:Orientation` says; nil: none, or not one of those.
    static func orientation(in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> Int? {
        string(PhotoMarks.orientationKey, in: metadata).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.flatMap { (1...8).contains($0) ? $0 : nil }
    }

    /// A list field's values (at most `PhotoTags.most`).
    static func list(_ key: String, in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> [String] {
        guard gexiv2_metadata_try_has_tag(metadata, key, nil) != 0, let values = gexiv2_metadata_try_get_tag_multiple(metadata, key, nil) else { return [] }
        defer { g_strfreev(values) }
        var found: [String] = []
        var index = 0
        while let value = values[index], found.count < PhotoTags.most {
            found.append(String(String(cString: value).prefix(PhotoTags.longest)))
            index += 1
        }
        return found
    }

    /// A field's text (at most 32 characters: a rating or a label).
    static func string(_ key: String, in metadata: UnsafeMutablePointer<GExiv2Metadata>) -> String? {
        guard gexiv2_metadata_try_has_tag(metadata, key, nil) != 0 else { return nil }
        var failure: UnsafeMutablePointer<GError>?
        let value = gexiv2_metadata_try_get_tag_string(metadata, key, &failure)
        if let failure { g_error_free(failure) }
        defer { g_free(value) }
        return value.map { String(String(cString: $0).prefix(32)) }
    }
}
