// Why this exists: a saved or exported photo keeps its metadata: read from the original in a helper (exiv2 parses it there, as it does for Details), handed back in parts and placed by the app into the file it encoded; the photo is still written when its metadata cannot be, and the reason is said.
import PhotoFormats
import Foundation
import GdkPixbuf
import GLibRuntime
import MetadataValues

/// What a written photo keeps of its original's metadata.
public enum MetadataPolicy: Sendable, Equatable {
    /// Pixels only (Copy).
    case none
    /// EXIF, XMP and IPTC, with GPS and the other location fields only when `location` is true.
    case keep(location: Bool)
}

/// How much of it was written (the `metadata` trace event's `kept`).
public enum MetadataKept: String, Codable, Sendable, CaseIterable {
    /// All of it that a file of its format holds.
    case all
    /// Only the standard EXIF: exiv2 could not write the rest (maker notes, XMP, IPTC).
    case standard
    /// The original has none this app reads (or its format holds none: GIF, BMP, SVG…).
    case none
    /// It could not be read or written; the photo was written without it.
    case failed
}

public enum KeptMetadata {
    public enum Outcome: Equatable {
        case kept(Data, MetadataKept)
        case none
        case failed(Words)
        case cancelled
    }

    /// `encoded` with `original`'s metadata, edited for `edit`. The metadata is read in a helper
    /// in the app's helpers (the app never parses a photo's metadata); what comes back is its
    /// parts, never a file, and the app places them itself (`MetadataPlacing`).
    package static func carry(_ original: Data, into encoded: Data, _ edit: MetadataEdit, by decoders: Decoders, origin: String?,
                      cancellable: Cancellable?) -> Outcome {
        let blocks: KeptBlocks
        if let pool = decoders.pool {
            let asked = pool.askForFile(origin: origin, bytes: original, cancellable: cancellable) { .keep(id: $0, edit) }
            switch asked {
            case .failure(.cancelled): return .cancelled
            case .failure(let error): return .failed(Words("its details could not be kept: %s", error.description))
            case .success(let (reply, file)):
                if case .undecodable(let words)? = reply.error { return .failed(words) }
                guard let kept = reply.kept else { return .failed(Words("its details could not be kept")) }
                guard kept == .all || kept == .standard else { return .none }
                guard let file, let layout = reply.keptLayout, let taken = layout.blocks(of: file, fields: reply.keptFields ?? KeptFields()) else {
                    return .failed(Words("its details could not be kept"))
                }
                blocks = taken
                if blocks.whole != (kept == .all) { return .failed(Words("its details could not be kept")) }
            }
        } else {
            switch blocksHere(original, edit, parsers: decoders.parsers) {
            case .kept(let here): blocks = here
            case .none: return .none
            case .failed(let words): return .failed(words)
            }
        }
        guard let file = MetadataPlacing.placed(blocks, into: encoded, keepsLocation: edit.keepsLocation, width: edit.width, height: edit.height) else {
            return .failed(Words("its details could not be written"))
        }
        return .kept(file, blocks.whole ? .all : .standard)
    }

    /// What the helper's side of `carry` found.
    public enum Blocks: Equatable {
        case kept(KeptBlocks)
        case none
        case failed(Words)
    }

    /// The metadata's parts, read from `original` in this process (the helper's side).
    public static func blocksHere(_ original: Data, _ edit: MetadataEdit, parsers: ParserLibraries?) -> Blocks {
        // (Only a program that links gexiv2 writes them: the helper's, never the app's.)
        guard let libraries = parsers else { return .failed(Words("its details could not be read")) }
        guard let format = PixbufFormats.format(sniffing: original, name: nil) else { return .none }
        let source: Data
        switch format.name {
        case "jpeg", "png", "webp", "tiff": source = original
        case "heif/avif", "heif", "avif":
            // Bookworm's exiv2 cannot read a HEIF: its Exif item and XMP packet are handed over in a JPEG.
            let blocks = HEIFExif.blocks(original)
            guard let carrier = libraries.jpegCarrying(blocks.exif, blocks.xmp) else { return .none }
            source = carrier
        default: return .none
        }
        switch libraries.keptBlocks(source, edit) {
        case .blocks(let blocks): return .kept(blocks)
        case .nothingToKeep: return .none
        case .unreadable: return .failed(Words("its details could not be read"))
        case .unwritable(let why): return .failed(Words("its details could not be written: %s", why))
        }
    }
}

/// Where a `keep` reply's parts lie in the memfd beside it: the EXIF, then the XMP, then the IPTC.
public struct KeptLayout: Codable, Sendable, Equatable {
    public var exif = 0, xmp = 0, iptc = 0
    public var whole = true

    public init(_ blocks: KeptBlocks) {
        exif = blocks.exif?.count ?? 0
        xmp = blocks.xmp?.count ?? 0
        iptc = blocks.iptc?.count ?? 0
        whole = blocks.whole
    }

    /// The bytes the parts take together.
    public var total: Int { exif + xmp + iptc }
    /// The most any one part may be (a JPEG segment's).
    static let mostPerPart = 65_535

    /// The parts, cut from `file` as this layout says; nil when it does not add up.
    func blocks(of file: Data, fields: KeptFields) -> KeptBlocks? {
        guard [exif, xmp, iptc].allSatisfy({ (0...Self.mostPerPart).contains($0) }), total == file.count else { return nil }
        let bytes = [UInt8](file)
        var blocks = KeptBlocks()
        if exif > 0 { blocks.exif = Data(bytes[0..<exif]) }
        if xmp > 0 { blocks.xmp = Data(bytes[exif..<(exif + xmp)]) }
        if iptc > 0 { blocks.iptc = Data(bytes[(exif + xmp)...]) }
        blocks.fields = fields
        blocks.whole = whole
        return blocks
    }

    /// The parts one after another, for the memfd.
    public static func joined(_ blocks: KeptBlocks) -> Data { (blocks.exif ?? Data()) + (blocks.xmp ?? Data()) + (blocks.iptc ?? Data()) }
}
