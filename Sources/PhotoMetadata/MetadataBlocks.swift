// Why this exists: what Save As and Export keep of a photo's metadata, as the helper hands it back: never a whole file, but the edited EXIF as a TIFF block, the XMP packet, the IPTC record and the plain fields people read (title, description, keywords, creator, rights); exiv2 writes them into a carrier JPEG that holds nothing else, and they are cut out of it. The app checks and places each itself.
import CGexiv2
import Foundation
import MetadataValues

extension MetadataWriter {
    /// The carrier exiv2 writes into: the smallest JPEG it takes as one, one grey pixel
    /// (ImageMagick's, stripped), whose only segments are its own. (Made when asked: a static
    /// `Data` keeps its storage where LeakSanitizer cannot see it, and the fuzzer fails on it.)
    static var carrier: Data { Data(carrierBytes) }
    private static let carrierBytes: [UInt8] = [
        0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
        0xFF, 0xDB, 0x00, 0x43, 0x00, 0x50, 0x37, 0x3C, 0x46, 0x3C, 0x32, 0x50, 0x46, 0x41, 0x46, 0x5A, 0x55, 0x50, 0x5F, 0x78,
        0xC8, 0x82, 0x78, 0x6E, 0x6E, 0x78, 0xF5, 0xAF, 0xB9, 0x91, 0xC8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01,
        0x11, 0x00, 0xFF, 0xC4, 0x00, 0x14, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0xFF, 0xC4, 0x00, 0x14, 0x10, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x3F, 0xFF, 0xD9,
    ]

    /// `source`'s metadata (a photo's file as exiv2 reads it), edited as `edit` says, in blocks.
    public static func blocks(from source: Data, _ edit: Edit) -> Result<BlocksOutcome, Failure> {
        var failure = Failure.unwritable("")
        for whole in [true, false] {
            guard let metadata = MetadataReader.opened(source) else { return .failure(.unreadable) }
            defer { g_object_unref(metadata) }
            if whole, gexiv2_metadata_has_exif(metadata) == 0, gexiv2_metadata_has_xmp(metadata) == 0,
               gexiv2_metadata_has_iptc(metadata) == 0 {
                return .success(.nothingToKeep)
            }
            MetadataEdits.apply(edit, to: metadata, standardOnly: !whole)
            var blocks = KeptBlocks()
            blocks.whole = whole
            blocks.fields = fields(metadata)
            switch save(metadata, into: carrier) {
            case .success(let written):
                cut(written, into: &blocks)
                return .success(.blocks(blocks))
            case .failure(let why): failure = why
            }
        }
        return .failure(failure)
    }

    public enum BlocksOutcome: Sendable, Equatable {
        case blocks(KeptBlocks)
        /// The photo has none (or none that exiv2 reads from its kind of file).
        case nothingToKeep
    }

    /// The EXIF, XMP and IPTC segments of the carrier exiv2 wrote.
    static func cut(_ jpeg: Data, into blocks: inout KeptBlocks) {
        let bytes = [UInt8](jpeg)
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF {
            let marker = bytes[at + 1]
            if marker == 0xD9 || marker == 0xDA { break }
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2, at + 2 + length <= bytes.count else { break }
            let payload = Data(bytes[(at + 4)..<(at + 2 + length)])
            let exif = Data("Exif\0\0".utf8), xmp = Data("http://ns.adobe.com/xap/1.0/\0".utf8), photoshop = Data("Photoshop 3.0\0".utf8)
            if marker == 0xE1, payload.starts(with: exif) { blocks.exif = payload.dropFirst(exif.count) }
            if marker == 0xE1, payload.starts(with: xmp) { blocks.xmp = payload.dropFirst(xmp.count) }
            if marker == 0xED, payload.starts(with: photoshop) { blocks.iptc = payload }
            at += 2 + length
        }
        blocks.exif = blocks.exif.map { Data($0) }
        blocks.xmp = blocks.xmp.map { Data($0) }
    }

    /// The plain fields, from XMP where it says them, else IPTC.
    static func fields(_ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> KeptFields {
        func one(_ names: [String]) -> String? {
            for name in names where gexiv2_metadata_try_has_tag(metadata, name, nil) != 0 {
                var error: UnsafeMutablePointer<GError>?
                let value = gexiv2_metadata_try_get_tag_string(metadata, name, &error)
                if let error { g_error_free(error) }
                guard let value else { continue }
                defer { g_free(value) }
                var text = String(cString: value)
                if let tag = text.range(of: #"^lang="[^"]*" "#, options: .regularExpression) { text.removeSubrange(tag) }
                return text
            }
            return nil
        }
        func many(_ names: [String]) -> [String] {
            for name in names where gexiv2_metadata_try_has_tag(metadata, name, nil) != 0 {
                guard let values = gexiv2_metadata_try_get_tag_multiple(metadata, name, nil) else { continue }
                defer { g_strfreev(values) }
                var list: [String] = []
                var index = 0
                while let value = values[index], list.count < 100 {
                    list.append(String(cString: value))
                    index += 1
                }
                return list
            }
            return []
        }
        var fields = KeptFields()
        fields.title = one(["Xmp.dc.title", "Iptc.Application2.ObjectName"])
        fields.caption = one(["Xmp.dc.description", "Iptc.Application2.Caption"])
        fields.keywords = many(["Xmp.dc.subject", "Iptc.Application2.Keywords"])
        fields.creators = many(["Xmp.dc.creator", "Iptc.Application2.Byline"])
        fields.rights = one(["Xmp.dc.rights", "Iptc.Application2.Copyright"])
        return fields
    }
}
