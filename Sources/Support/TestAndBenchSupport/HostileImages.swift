// Why this exists: the hostile images of the header tests, built at test time: HEIF and AVIF grids of any declared size from one real tile (the grid box written by hand), an animated WebP with a huge canvas in 140 bytes, GIFs of any number of frames, and drawings that embed images as data URLs.
import Foundation

public enum HostileImages {
    /// A file ImageMagick writes (`convert -size WxH xc:COLOR out.EXT`).
    public static func written(_ ext: String, width: Int = 64, height: Int = 64, color: String = "green") throws -> Data {
        let path = TemporaryFiles.url("hostile-\(UUID().uuidString).\(ext)").path
        // WebP lossless (a VP8L chunk, which `animatedWebP` reuses as a frame).
        let options = ext == "webp" ? ["-define", "webp:lossless=true"] : []
        let made = try Tool.run("/usr/bin/convert", ["-size", "\(width)x\(height)", "xc:\(color)"] + options + [path], timeout: 120)
        guard made.status == 0 else { throw NSError(domain: "HostileImages", code: Int(made.status), userInfo: [NSLocalizedDescriptionKey: made.output]) }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A HEIF or AVIF whose primary image is a `rows` × `columns` grid of `single`'s one image (a
    /// file with one coded image, as ImageMagick writes it), declaring `width` × `height`: libheif
    /// decodes every tile into an output of that size. Nil if `single` is not laid out so.
    public static func grid(of single: Data, rows: Int, columns: Int, width: Int, height: Int) -> Data? {
        let file = [UInt8](single)
        let top = HEIFRotation.boxes(file, 0..<file.count)
        guard let ftyp = top.first(where: { $0.type == "ftyp" }), let meta = top.first(where: { $0.type == "meta" }) else { return nil }
        let children = HEIFRotation.boxes(file, (meta.body.lowerBound + 4)..<meta.body.upperBound)
        guard let hdlr = children.first(where: { $0.type == "hdlr" }), let iinf = children.first(where: { $0.type == "iinf" }),
              let iloc = children.first(where: { $0.type == "iloc" }), let iprp = children.first(where: { $0.type == "iprp" }) else { return nil }
        // The tile: its type (one version-2 infe), its data (one extent), its properties.
        let infe = HEIFRotation.boxes(file, (iinf.body.lowerBound + 6)..<iinf.body.upperBound).first { $0.type == "infe" }
        guard let infe, file[infe.body.lowerBound] == 2 else { return nil }
        let tileType = Array(file[(infe.body.lowerBound + 8)..<(infe.body.lowerBound + 12)])
        // A version-0 iloc with 4-byte offsets and lengths, a base offset of 0 or 4 bytes, one item of one extent.
        let baseSize = Int(file[iloc.body.lowerBound + 5] >> 4)
        guard file[iloc.body.lowerBound] == 0, file[iloc.body.lowerBound + 4] == 0x44, [0, 4].contains(baseSize),
              HEIFRotation.read(file, iloc.body.lowerBound + 6, 2) == 1 else { return nil }
        let base = Int(HEIFRotation.read(file, iloc.body.lowerBound + 12, baseSize))
        let extent = iloc.body.lowerBound + 12 + baseSize + 2
        let (offset, length) = (base + Int(HEIFRotation.read(file, extent, 4)), Int(HEIFRotation.read(file, extent + 4, 4)))
        let tile = Array(file[offset..<(offset + length)])
        let iprpChildren = HEIFRotation.boxes(file, iprp.body)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }), let ipma = iprpChildren.first(where: { $0.type == "ipma" }) else { return nil }
        let properties = HEIFRotation.boxes(file, ipco.body)
        let associations = Int(file[ipma.body.lowerBound + 4 + 4 + 2])
        let links = Array(file[(ipma.body.lowerBound + 11)..<(ipma.body.lowerBound + 11 + associations)])

        func full(_ type: String, _ body: [UInt8], version: UInt8 = 0) -> [UInt8] { HEIFRotation.box(type, [version, 0, 0, 0] + body) }
        func u16(_ value: Int) -> [UInt8] { HEIFRotation.bytes(UInt64(value), 2) }
        func u32(_ value: Int) -> [UInt8] { HEIFRotation.bytes(UInt64(value), 4) }
        let gridData: [UInt8] = [0, 1, UInt8(rows - 1), UInt8(columns - 1)] + u32(width) + u32(height)
        let tiles = rows * columns
        func layout(tileOffset: Int) -> [UInt8] {
            let newIloc = full("iloc", [0x44, 0x00] + u16(2) + u16(1) + u16(0) + u16(0) + u16(1) + u32(tileOffset) + u32(tile.count)
                               + u16(2) + u16(1) + u16(0) + u16(1) + u32(0) + u32(gridData.count), version: 1)
            let newIinf = full("iinf", u16(2) + full("infe", u16(1) + u16(0) + tileType + [0], version: 2)
                               + full("infe", u16(2) + u16(0) + Array("grid".utf8) + [0], version: 2))
            let iref = full("iref", HEIFRotation.box("dimg", u16(2) + u16(tiles) + (0..<tiles).flatMap { _ in u16(1) }))
            var newProperties = properties.flatMap { Array(file[$0.range]) }
            newProperties += full("ispe", u32(width) + u32(height))
            let gridProperty = properties.count + 1
            let newIpma = full("ipma", u32(2) + u16(1) + [UInt8(links.count)] + links + u16(2) + [1, UInt8(gridProperty)])
            let newIprp = HEIFRotation.box("iprp", HEIFRotation.box("ipco", newProperties) + newIpma)
            let newMeta = full("meta", Array(file[hdlr.range]) + full("pitm", u16(2)) + newIloc + newIinf + iref + newIprp
                               + HEIFRotation.box("idat", gridData))
            return Array(file[ftyp.range]) + newMeta
        }
        let head = layout(tileOffset: 0)
        let placed = layout(tileOffset: head.count + 8)
        guard placed.count == head.count else { return nil }
        return Data(placed + HEIFRotation.box("mdat", tile))
    }

    /// An animated WebP whose canvas is `width` × `height`, with `frames` 1 × 1 frames (`still` is a
    /// lossless 1 × 1 WebP, whose VP8L chunk becomes each frame): about 140 bytes with one.
    public static func animatedWebP(canvasWidth width: Int, height: Int, frames: Int = 1, still: Data) -> Data? {
        let bytes = [UInt8](still)
        guard bytes.count > 20, String(decoding: bytes[12..<16], as: UTF8.self) == "VP8L" else { return nil }
        let size = Int(bytes[16]) | Int(bytes[17]) << 8 | Int(bytes[18]) << 16 | Int(bytes[19]) << 24
        let frameChunk = Array(bytes[12..<min(bytes.count, 20 + size + (size & 1))])
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func chunk(_ tag: String, _ body: [UInt8]) -> [UInt8] { Array(tag.utf8) + le(body.count, 4) + body + (body.count & 1 == 1 ? [0] : []) }
        let vp8x = chunk("VP8X", [0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
        let anim = chunk("ANIM", [0, 0, 0, 0, 0, 0])
        let anmf = chunk("ANMF", le(0, 3) + le(0, 3) + le(0, 3) + le(0, 3) + le(100, 3) + [0] + frameChunk)
        let body = Array("WEBP".utf8) + vp8x + anim + Array([[UInt8]](repeating: anmf, count: frames).joined())
        return Data(Array("RIFF".utf8) + le(body.count, 4) + body)
    }

    /// A GIF of `frames` 1 × 1 frames, each with its delay (10 ms), looping.
    public static func gif(frames: Int) -> Data {
        var out = Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [0, 0, 0, 0xFF, 0xFF, 0xFF]
        out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        let frame: [UInt8] = [0x21, 0xF9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]
        out.reserveCapacity(out.count + frame.count * frames + 1)
        for _ in 0..<frames { out += frame }
        out.append(0x3B)
        return Data(out)
    }

    /// A drawing `side` pixels square that shows `images` (each `data:` URL's payload base64,
    /// `mediaType` as given) side by side.
    public static func drawing(embedding images: [(mediaType: String, bytes: Data)], side: Int = 64) -> Data {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(side)\" height=\"\(side)\">"
        svg += "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#208020\"/>"
        for (index, image) in images.enumerated() {
            svg += "<image x=\"\(index)\" width=\"\(side)\" height=\"\(side)\" xlink:href=\"data:\(image.mediaType);base64,\(image.bytes.base64EncodedString())\"/>"
        }
        return Data((svg + "</svg>").utf8)
    }
}
