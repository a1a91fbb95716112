// Why this exists: a HEIC's or AVIF's EXIF lives in an item of type `Exif` (its data: a 4-byte offset, then a TIFF block) and its XMP in a `mime` item, which bookworm's exiv2 cannot find; found here from the meta box's iinf and iloc, and handed over as a JPEG's APP1 and an XMP sidecar would hold them.
import Foundation

package enum HEIFExif {
    /// The most EXIF bytes read (a camera's are a few KB; the largest with a preview, 64 KB).
    package static let limit = 1 << 20

    /// "Exif\0\0" and the TIFF block of the file's first `Exif` item, and its XMP packet (a
    /// `mime` item of type application/rdf+xml), each nil where the file has none.
    package static func blocks(_ data: Data) -> (exif: Data?, xmp: Data?) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (exif: Data?, xmp: Data?) in
            let bytes = HeaderBytes(raw)
            guard let top = ISOBoxes.list(bytes, 0..<bytes.count), top.first?.type == "ftyp",
                  let meta = top.first(where: { $0.type == "meta" }), let children = ISOBoxes.children(ofFull: meta, bytes),
                  let items = try? HEIFItems(children, bytes) else { return (nil, nil) }
            var exif: Data?
            if let item = items.types.filter({ $0.value == "Exif" }).keys.min(),
               let content = items.data(of: item, prefix: limit), content.count > 4 {
                let offset = (content[0] << 24) | (content[1] << 16) | (content[2] << 8) | content[3]
                if offset >= 0, 4 + offset < content.count {
                    exif = Data("Exif".utf8) + [0, 0] + content[(4 + offset)...].map { UInt8(truncatingIfNeeded: $0) }
                }
            }
            let xmp = items.contentTypes.filter { $0.value == "application/rdf+xml" }.keys.min()
                .flatMap { items.data(of: $0, prefix: limit) }.map { Data($0.map { UInt8(truncatingIfNeeded: $0) }) }
            return (exif, xmp)
        }
    }
}
