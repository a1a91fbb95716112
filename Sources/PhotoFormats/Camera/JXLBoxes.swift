// Why this exists: a JPEG XL container told by its signature box, and its Exif box's payload (a 4-byte offset, then a TIFF) made into the Exif block a JPEG's APP1 holds, which the facts' reader takes; libjxl finds and decompresses the boxes in the helper.
import Foundation

package enum JXLBoxes {
    /// The container's signature box.
    package static let signature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]

    /// "Exif\0\0" and the TIFF the box's offset points at; nil when the offset lies outside it.
    package static func exifBlock(box: Data) -> Data? {
        let bytes = [UInt8](box)
        guard bytes.count > 4 else { return nil }
        let offset = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard offset < bytes.count - 4 else { return nil }
        return Data("Exif".utf8) + [0, 0] + Data(bytes[(4 + offset)...])
    }
}
