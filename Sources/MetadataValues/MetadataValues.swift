// Why this exists: a photo's metadata as plain values both sides of the helper boundary share: the tags gexiv2 read, the parts Save As and Export keep, and what such an edit asks. The binding (PhotoMetadata, in the helper's program alone) fills them in; the pipeline words, checks and places them without linking gexiv2.
import Foundation

/// The tags read (raw text; rationals as "1/250"), GPS as decimal degrees.
public struct MetadataTags: Sendable, Equatable {
    public var values: [String: String] = [:]
    public var lists: [String: [String]] = [:]
    public var latitude: Double?
    public var longitude: Double?
    public init() {}

    /// These tags, with `other`'s where these have none.
    public func merging(_ other: MetadataTags) -> MetadataTags {
        var merged = self
        merged.values.merge(other.values) { mine, _ in mine }
        merged.lists.merge(other.lists) { mine, _ in mine }
        merged.latitude = latitude ?? other.latitude
        merged.longitude = longitude ?? other.longitude
        return merged
    }
}

/// A photo's kept metadata, in parts.
public struct KeptBlocks: Sendable, Equatable {
    /// The EXIF, as a TIFF block (its header and IFDs; no "Exif\0\0").
    public var exif: Data?
    /// The XMP packet.
    public var xmp: Data?
    /// The IPTC record as a JPEG's APP13 holds it ("Photoshop 3.0\0" and its resources).
    public var iptc: Data?
    /// The texts a person reads, for an XMP packet the app writes itself.
    public var fields = KeptFields()
    /// False when only the standard EXIF could be kept (maker notes, XMP and IPTC left out).
    public var whole = true
    public init() {}
}

/// The plain fields of a photo's description, each cleaned of nothing yet (the app cleans them).
public struct KeptFields: Sendable, Equatable, Codable {
    public var title: String?
    public var caption: String?
    public var keywords: [String] = []
    public var creators: [String] = []
    public var rights: String?
    public init() {}
}

/// What is kept, and what the new file is.
public struct MetadataEdit: Sendable, Equatable, Codable {
    /// Keep GPS and the XMP and IPTC location fields (Save As; an export only when asked).
    public var keepsLocation: Bool
    /// The new file's pixel size (upright).
    public var width: Int
    public var height: Int

    public init(keepsLocation: Bool, width: Int, height: Int) {
        self.keepsLocation = keepsLocation
        self.width = width
        self.height = height
    }
}
