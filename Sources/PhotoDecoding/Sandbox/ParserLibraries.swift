// Why this exists: the photo parsers' own libraries (gexiv2 and exiv2, libwebp's codec API, libraw and libjxl) are linked into the helper's program alone, never the app's: the pipeline's helper-side code is handed them as this table, by that program's requests (DecodeHelper's `LinkedParsers`) and by `Decoders` made to read here (tests, benchmarks, fuzzers that link it). The app has none to hand over, and asks a helper.
import Foundation
import GLibRuntime
import MetadataValues

public struct ParserLibraries: Sendable {
    /// gexiv2: the tags of a whole file (only `names`, where given), and of an EXIF block (a
    /// TIFF header and its IFDs); nil when it reads none.
    public var tags: @Sendable (_ file: Data, _ names: [String]?) -> MetadataTags?
    public var exifTags: @Sendable (_ block: Data) -> MetadataTags?
    /// gexiv2: `source`'s metadata (a file exiv2 reads), edited as asked, in parts.
    public var keptBlocks: @Sendable (_ source: Data, _ edit: MetadataEdit) -> KeptBlocksRead
    /// A JPEG holding nothing but a HEIF's Exif item and XMP packet, for exiv2 to read.
    public var jpegCarrying: @Sendable (_ exif: Data?, _ xmp: Data?) -> Data?
    /// libwebp's lossless codec: a file's size, its pixels (at most `mostPixels`), and pixels encoded.
    public var losslessSize: @Sendable (_ file: [UInt8]) -> (width: Int, height: Int)?
    public var losslessDecode: @Sendable (_ file: [UInt8], _ mostPixels: Int) -> (width: Int, height: Int, rgba: [UInt8])?
    public var losslessEncode: @Sendable (_ rgba: [UInt8], _ width: Int, _ height: Int) -> [UInt8]?
    /// gexiv2: a photo's XMP packet with its marks changed, and the marks it had.
    public var marked: @Sendable (_ file: Data, _ change: MarksChange) -> MarkedXMP
    /// gexiv2: the marks of a photo's file or of an XMP packet (nil: unreadable).
    public var marks: @Sendable (_ file: Data) -> PhotoMarks?
    /// libraw and libjxl: a camera's formats (nil: not linked here, and such photos are refused).
    public var camera: CameraParsers?

    /// What `marked` made.
    public enum MarkedXMP: Sendable, Equatable {
        case packet(Data, before: PhotoMarks)
        case unreadable
        case unwritable(String)
    }

    /// What `keptBlocks` found.
    public enum KeptBlocksRead: Sendable, Equatable {
        case blocks(KeptBlocks)
        /// The photo has none (or none that exiv2 reads from its kind of file).
        case nothingToKeep
        /// exiv2 could not read the photo's metadata, or could not write it, and why.
        case unreadable
        case unwritable(String)
    }

    public init(tags: @escaping @Sendable (Data, [String]?) -> MetadataTags?, exifTags: @escaping @Sendable (Data) -> MetadataTags?,
                keptBlocks: @escaping @Sendable (Data, MetadataEdit) -> KeptBlocksRead, jpegCarrying: @escaping @Sendable (Data?, Data?) -> Data?,
                losslessSize: @escaping @Sendable ([UInt8]) -> (width: Int, height: Int)?,
                losslessDecode: @escaping @Sendable ([UInt8], Int) -> (width: Int, height: Int, rgba: [UInt8])?,
                losslessEncode: @escaping @Sendable ([UInt8], Int, Int) -> [UInt8]?,
                marked: @escaping @Sendable (Data, MarksChange) -> MarkedXMP, marks: @escaping @Sendable (Data) -> PhotoMarks?,
                camera: CameraParsers? = nil) {
        self.tags = tags
        self.exifTags = exifTags
        self.keptBlocks = keptBlocks
        self.jpegCarrying = jpegCarrying
        self.losslessSize = losslessSize
        self.losslessDecode = losslessDecode
        self.losslessEncode = losslessEncode
        self.marked = marked
        self.marks = marks
        self.camera = camera
    }
}
