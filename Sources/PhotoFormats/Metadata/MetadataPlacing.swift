// Why this exists: a kept photo's metadata put into the file the app encoded, by the app: the EXIF after its own pass (ExifCleaning), the XMP (the helper's packet where the location stays, else one the app writes from plain fields), the IPTC record (a JPEG's, where the location stays), each where its format keeps it: a JPEG's APP1 and APP13 segments, a PNG's eXIf and iTXt chunks, a WebP's EXIF and XMP chunks under an extended header.
import Foundation
import MetadataValues

package enum MetadataPlacing {
    /// `encoded` (a JPEG, PNG or WebP this app wrote, `width` × `height`) with `blocks`; nil when
    /// its format is not one of those or is not as the app writes it.
    package static func placed(_ blocks: KeptBlocks, into encoded: Data, keepsLocation: Bool, width: Int, height: Int) -> Data? {
        let exif = blocks.exif.flatMap { ExifCleaning.cleaned($0, keepsLocation: keepsLocation) }
        let xmp = keepsLocation ? blocks.xmp.flatMap { XMPPacket.acceptable($0) ? $0 : nil } : XMPPacket.written(blocks.fields)
        let bytes = [UInt8](encoded)
        if bytes.starts(with: [0xFF, 0xD8]) {
            let photoshop = Data("Photoshop 3.0\0".utf8)
            let iptc = keepsLocation ? blocks.iptc.flatMap { $0.starts(with: photoshop) && $0.count <= 65_000 ? $0 : nil } : nil
            return jpeg(bytes, exif: exif, xmp: xmp, iptc: iptc)
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes, exif: exif, xmp: xmp) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes, exif: exif, xmp: xmp, width: width, height: height)
        }
        return nil
    }

    /// APP1 (EXIF, then XMP) and APP13 after the start of image and JFIF's APP0.
    package static func jpeg(_ bytes: [UInt8], exif: Data?, xmp: Data?, iptc: Data?) -> Data? {
        var at = 2
        if bytes.count >= 6, bytes[2] == 0xFF, bytes[3] == 0xE0 { at += 2 + (Int(bytes[4]) << 8 | Int(bytes[5])) }
        guard at <= bytes.count else { return nil }
        var segments: [UInt8] = []
        func segment(_ marker: UInt8, _ payload: Data) {
            let length = payload.count + 2
            guard length <= 0xFFFF else { return }
            segments += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        if let exif { segment(0xE1, Data("Exif\0\0".utf8) + exif) }
        if let xmp { segment(0xE1, Data("http://ns.adobe.com/xap/1.0/\0".utf8) + xmp) }
        if let iptc { segment(0xED, iptc) }
        return Data(bytes[..<at] + segments + bytes[at...])
    }

    /// eXIf and an XMP iTXt before the first IDAT.
    package static func png(_ bytes: [UInt8], exif: Data?, xmp: Data?) -> Data? {
        var at = 8
        while at + 8 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if Array(bytes[(at + 4)..<(at + 8)]) == Array("IDAT".utf8) {
                var chunks = Data()
                if let exif { chunks += PNGChunks.chunk("eXIf", exif) }
                // iTXt: keyword, NUL, not compressed, method 0, no language, no translated keyword.
                if let xmp { chunks += PNGChunks.chunk("iTXt", Data("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + xmp) }
                return Data(bytes[..<at]) + chunks + Data(bytes[at...])
            }
            guard length >= 0, at + 12 + length <= bytes.count else { return nil }
            at += 12 + length
        }
        return nil
    }

    /// EXIF and XMP chunks at the end, under a VP8X header that says they are there (made when
    /// the file has none, from the image's own size and alpha).
    package static func webp(_ bytes: [UInt8], exif: Data?, xmp: Data?, width: Int, height: Int) -> Data? {
        guard exif != nil || xmp != nil else { return Data(bytes) }
        var chunks: [(type: [UInt8], body: [UInt8])] = []
        var at = 12
        while at + 8 <= bytes.count {
            let size = Int(bytes[at + 4]) | Int(bytes[at + 5]) << 8 | Int(bytes[at + 6]) << 16 | Int(bytes[at + 7]) << 24
            guard at + 8 + size <= bytes.count else { return nil }
            chunks.append((Array(bytes[at..<(at + 4)]), Array(bytes[(at + 8)..<(at + 8 + size)])))
            at += 8 + size + (size & 1)
        }
        guard let first = chunks.first else { return nil }
        if first.type != Array("VP8X".utf8) {
            guard width > 0, height > 0, width <= 1 << 24, height <= 1 << 24 else { return nil }
            var alpha = false
            if first.type == Array("VP8L".utf8), first.body.count >= 5 { alpha = first.body[4] & 0x10 != 0 }
            let w = width - 1, h = height - 1
            let header: [UInt8] = [alpha ? 0x10 : 0, 0, 0, 0, UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF),
                                   UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF)]
            chunks.insert((Array("VP8X".utf8), header), at: 0)
        }
        guard chunks[0].body.count >= 10 else { return nil }
        chunks.removeAll { $0.type == Array("EXIF".utf8) || $0.type == Array("XMP ".utf8) }
        if let exif { chunks[0].body[0] |= 0x08; chunks.append((Array("EXIF".utf8), [UInt8](exif))) }
        if let xmp { chunks[0].body[0] |= 0x04; chunks.append((Array("XMP ".utf8), [UInt8](xmp))) }
        var body: [UInt8] = Array("WEBP".utf8)
        for chunk in chunks {
            let size = chunk.body.count
            body += chunk.type + [UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)] + chunk.body
            if size & 1 == 1 { body.append(0) }
        }
        let total = body.count
        return Data(Array("RIFF".utf8) + [UInt8(total & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total >> 16 & 0xFF), UInt8(total >> 24 & 0xFF)] + body)
    }
}
