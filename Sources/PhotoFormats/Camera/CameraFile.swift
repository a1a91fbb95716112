// Why this exists: which photos are a camera's formats that GdkPixbuf does not read here (a RAW file, JPEG XL, an AVIF sequence), told from their first bytes and, for the RAW files that are TIFFs inside, their names: such a photo is decoded by the helper's own codecs, never offered to a pixbuf loader (whose TIFF loader fails a DNG).
import Foundation

public enum CameraFile: Sendable, Equatable {
    case jpegXL
    /// An AVIF image sequence, which GdkPixbuf's AVIF loader refuses ("Image sequences not yet implemented").
    case avifSequence
    /// A camera's RAW file; `kind` is its usual extension, in capitals ("DNG", "CR3").
    case raw(kind: String)

    /// The extensions of the RAW files libraw 0.20 reads that cameras commonly write.
    public static let rawExtensions: Set<String> = ["dng", "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "raf", "orf",
                                                    "rw2", "pef", "srw", "x3f", "kdc", "dcr", "mrw", "3fr", "iiq", "erf", "mos", "rwl"]

    /// What `data` is, if a camera format: JPEG XL by its signature (a bare codestream or the
    /// container), a RAW file by a signature of its own (Fujifilm, Olympus, Panasonic, Canon's
    /// CR3), or a TIFF whose name (`name`) is a RAW file's. Nil for anything else.
    public static func kind(of data: Data, name: String?) -> CameraFile? {
        let head = [UInt8](data.prefix(16))
        func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return .jpegXL }
        if isAVIFSequence(data) { return .avifSequence }
        if starts(Array("FUJIFILMCCD-RAW".utf8)) { return .raw(kind: "RAF") }
        if starts([0x49, 0x49, 0x52, 0x4F]) || starts([0x4D, 0x4D, 0x4F, 0x52]) || starts([0x49, 0x49, 0x52, 0x53]) { return .raw(kind: "ORF") }
        if starts([0x49, 0x49, 0x55, 0x00]) { return .raw(kind: "RW2") }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8), head[8..<12].elementsEqual("crx ".utf8) { return .raw(kind: "CR3") }
        let tiff = starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
        if tiff, let name, let dot = name.lastIndex(of: ".") {
            let ext = name[name.index(after: dot)...].lowercased()
            if rawExtensions.contains(ext) { return .raw(kind: ext.uppercased()) }
        }
        return nil
    }

    /// Whether `data` is an AVIF image sequence (an animation): its `ftyp` names the `avis` brand.
    public static func isAVIFSequence(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(64))
        guard head.count >= 16, head[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let size = min(Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3]), head.count)
        guard size >= 16 else { return false }
        // The major brand, then the compatible brands after the minor version.
        let brands = [8] + Array(stride(from: 16, to: size - 3, by: 4))
        return brands.contains { head[$0..<($0 + 4)].elementsEqual("avis".utf8) }
    }

    /// The format's name as the user reads it ("JPEG XL", "RAW (DNG)").
    public var name: String {
        switch self {
        case .jpegXL: "JPEG XL"
        case .avifSequence: "AVIF"
        case .raw(let kind): "RAW (\(kind))"
        }
    }

    /// The MIME type photos of this format are told by (freedesktop's shared MIME names).
    public var mimeType: String {
        switch self {
        case .jpegXL: "image/jxl"
        case .avifSequence: "image/avif"
        case .raw(let kind): kind == "DNG" ? "image/x-adobe-dng" : "image/x-dcraw"
        }
    }

    /// The content types a folder lists as these formats: JPEG XL, and every RAW type
    /// (freedesktop's are subclasses of `image/x-dcraw`).
    public static let contentTypes = ["image/jxl", "image/x-dcraw"]
}
