// Why this exists: a saved or exported photo keeps its metadata: carried from the original into the file the app encoded, in a helper (exiv2 parses the original there, as it does for Details); the photo is still written when its metadata cannot be, and the reason is said.
import Foundation
import GdkPixbuf
import GLibRuntime
import PhotoMetadata

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

    /// `encoded` with `original`'s metadata, edited for `edit`, asked of a helper where the app
    /// has a pool (the app never parses a photo's metadata).
    static func carry(_ original: Data, into encoded: Data, _ edit: MetadataWriter.Edit, origin: String?,
                      cancellable: Cancellable?) -> Outcome {
        guard let pool = HelperPool.shared else { return carryHere(original, into: encoded, edit) }
        let asked = pool.askForFile(origin: origin, bytes: original + encoded, cancellable: cancellable) {
            .keep(id: $0, originalLength: original.count, edit)
        }
        switch asked {
        case .failure(.cancelled): return .cancelled
        case .failure(let error): return .failed(Words("its details could not be kept: %s", error.description))
        case .success(let (reply, file)):
            if case .undecodable(let words)? = reply.error { return .failed(words) }
            guard let kept = reply.kept else { return .failed(Words("its details could not be kept")) }
            guard kept == .all || kept == .standard else { return .none }
            // What a helper sends back is the file the app wrote, grown by the metadata, no more.
            guard let file, file.count >= encoded.count, file.count <= encoded.count + MetadataWriter.growthLimit,
                  file.prefix(4) == encoded.prefix(4) else { return .failed(Words("its details could not be kept")) }
            return .kept(file, kept)
        }
    }

    /// `carry` in this process (the helper's side).
    public static func carryHere(_ original: Data, into encoded: Data, _ edit: MetadataWriter.Edit) -> Outcome {
        guard let format = PixbufFormats.format(sniffing: original, name: nil) else { return .none }
        let source: Data
        switch format.name {
        case "jpeg", "png", "webp", "tiff": source = original
        case "heif/avif", "heif", "avif":
            // Bookworm's exiv2 cannot read a HEIF: its Exif item and XMP packet are handed over in a JPEG.
            let blocks = HEIFExif.blocks(original)
            guard let carrier = MetadataWriter.jpegCarrying(exif: blocks.exif, xmp: blocks.xmp) else { return .none }
            source = carrier
        default: return .none
        }
        switch MetadataWriter.carry(from: source, into: encoded, edit) {
        case .success(.written(let file, let whole)): return .kept(file, whole ? .all : .standard)
        case .success(.nothingToKeep): return .none
        case .failure(.unreadable): return .failed(Words("its details could not be read"))
        case .failure(.unwritable(let why)): return .failed(Words("its details could not be written: %s", why))
        }
    }
}
