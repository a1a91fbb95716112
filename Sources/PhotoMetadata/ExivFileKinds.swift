// Why this exists: exiv2 guesses a file's kind from its bytes and has readers for dozens (AVI, Matroska, QuickTime, raw formats…), some of which loop on a few hostile bytes (the header fuzzer: 147 bytes of a RIFF that is not a WebP kept exiv2's RiffVideo reader busy for over 100 s); only the kinds the app reads details of are handed to it.
import Foundation

enum ExivFileKinds {
    /// Whether `data` is a JPEG, PNG, WebP or TIFF by its first bytes, or an XMP packet (a HEIF's,
    /// read as a sidecar): the files exiv2 may open.
    static func mayOpen(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(16))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) || starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return true }
        if starts(Array("II*\0".utf8)) || starts(Array("MM\0*".utf8)) { return true }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return true }
        // An XMP packet: "<?xpacket", "<x:xmpmeta" or "<?xml", after a byte-order mark or spaces.
        let text = head.drop { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return text.first == UInt8(ascii: "<")
    }
}
