// Why this exists: a HEIC turned the way phones store one (an `irot` transform on the primary image, which libheif applies itself), for the orientation tests: ImageMagick writes HEIC without one, so the box is added to its file here, the boxes around it resized and the image data's offsets moved.
import Foundation

public enum HEIFRotation {
    /// `heic` (one image item, as ImageMagick writes it) with an `irot` property on its primary
    /// item: turn it `quarterTurns` × 90° anticlockwise to view. Nil if the file is not laid out
    /// as this reader expects.
    public static func adding(quarterTurns: Int, to heic: Data) -> Data? {
        let file = [UInt8](heic)
        let top = boxes(file, 0..<file.count)
        guard let meta = top.first(where: { $0.type == "meta" }) else { return nil }
        // meta is a full box: 4 bytes of version and flags before its children.
        let metaChildren = boxes(file, (meta.body.lowerBound + 4)..<meta.body.upperBound)
        guard let pitm = metaChildren.first(where: { $0.type == "pitm" }),
              let iprp = metaChildren.first(where: { $0.type == "iprp" }),
              let iloc = metaChildren.first(where: { $0.type == "iloc" }) else { return nil }
        let primary = file[pitm.body.lowerBound] == 0 ? Int(read(file, pitm.body.lowerBound + 4, 2)) : Int(read(file, pitm.body.lowerBound + 4, 4))
        let iprpChildren = boxes(file, iprp.body)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }),
              let ipma = iprpChildren.first(where: { $0.type == "ipma" }) else { return nil }
        let properties = boxes(file, ipco.body)
        let irot = box("irot", [UInt8(quarterTurns & 3)])
        let newIpco = box("ipco", Array(file[ipco.body]) + irot)
        guard let newIpma = associating(file, ipma, item: primary, property: properties.count + 1) else { return nil }
        var newIprp: [UInt8] = []
        for child in iprpChildren {
            newIprp += child.type == "ipco" ? newIpco : child.type == "ipma" ? newIpma : Array(file[child.range])
        }
        let newIprpBox = box("iprp", newIprp)
        // Everything after meta moves by how much meta grows.
        let growth = (newIpco.count - ipco.range.count) + (newIpma.count - ipma.range.count)
        guard let newIloc = shifting(file, iloc, by: growth, after: meta.range.upperBound) else { return nil }
        var metaBody = Array(file[meta.body.lowerBound..<(meta.body.lowerBound + 4)])
        for child in metaChildren {
            metaBody += child.type == "iprp" ? newIprpBox : child.type == "iloc" ? newIloc : Array(file[child.range])
        }
        var result: [UInt8] = []
        for item in top { result += item.type == "meta" ? box("meta", metaBody) : Array(file[item.range]) }
        return Data(result)
    }

    struct Box {
        let type: String
        let range: Range<Int>
        let body: Range<Int>
    }

    /// The boxes laid end to end in `range` (32-bit sizes; a size of 0 runs to the end).
    static func boxes(_ file: [UInt8], _ range: Range<Int>) -> [Box] {
        var result: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = Int(read(file, at, 4))
            if size == 0 { size = range.upperBound - at }
            guard size >= 8, at + size <= range.upperBound else { break }
            result.append(Box(type: String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self), range: at..<(at + size), body: (at + 8)..<(at + size)))
            at += size
        }
        return result
    }

    static func read(_ file: [UInt8], _ at: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 << 8 | UInt64(file[at + $1]) }
    }

    static func bytes(_ value: UInt64, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * (count - 1 - $0))) }
    }

    static func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
        bytes(UInt64(8 + body.count), 4) + Array(type.utf8) + body
    }

    /// The `ipma` box with an essential association of `property` (1-based) added to `item`.
    static func associating(_ file: [UInt8], _ ipma: Box, item: Int, property: Int) -> [UInt8]? {
        var at = ipma.body.lowerBound
        let version = file[at], wide = file[at + 3] & 1 != 0
        var out = Array(file[at..<(at + 4)])
        at += 4
        let entries = Int(read(file, at, 4))
        out += file[at..<(at + 4)]
        at += 4
        let idSize = version < 1 ? 2 : 4, linkSize = wide ? 2 : 1
        guard wide || property < 128 else { return nil }
        var found = false
        for _ in 0..<entries {
            let id = Int(read(file, at, idSize))
            let count = Int(file[at + idSize])
            var links = Array(file[(at + idSize + 1)..<(at + idSize + 1 + count * linkSize)])
            if id == item {
                links += wide ? bytes(UInt64(0x8000 | property), 2) : [UInt8(0x80 | property)]
                found = true
            }
            out += file[at..<(at + idSize)] + [UInt8(links.count / linkSize)] + links
            at += idSize + 1 + count * linkSize
        }
        return found ? box("ipma", out) : nil
    }

    /// The `iloc` box with every file offset past `after` moved by `growth`.
    static func shifting(_ file: [UInt8], _ iloc: Box, by growth: Int, after: Int) -> [UInt8]? {
        var at = iloc.body.lowerBound
        let version = file[at]
        var out = Array(file[at..<(at + 4)])
        at += 4
        let offsetSize = Int(file[at] >> 4), lengthSize = Int(file[at] & 15)
        let baseSize = Int(file[at + 1] >> 4), indexSize = version >= 1 ? Int(file[at + 1] & 15) : 0
        out += file[at..<(at + 2)]
        at += 2
        let countSize = version < 2 ? 2 : 4
        let items = Int(read(file, at, countSize))
        out += file[at..<(at + countSize)]
        at += countSize
        let move = UInt64(growth)
        for _ in 0..<items {
            let head = countSize + (version >= 1 ? 2 : 0)
            let method = version >= 1 ? Int(read(file, at + countSize, 2) & 15) : 0
            out += file[at..<(at + head + 2)]          // item ID, construction method, data reference
            at += head + 2
            // Only offsets into the file itself (method 0) move: the base if it points past
            // meta, else each extent that does.
            let base = read(file, at, baseSize)
            let baseMoves = method == 0 && Int(base) >= after
            out += baseSize == 0 ? [] : bytes(baseMoves ? base + move : base, baseSize)
            at += baseSize
            let extents = Int(read(file, at, 2))
            out += file[at..<(at + 2)]
            at += 2
            for _ in 0..<extents {
                out += file[at..<(at + indexSize)]
                at += indexSize
                let offset = read(file, at, offsetSize)
                let moves = method == 0 && !baseMoves && Int(base + offset) >= after
                out += offsetSize == 0 ? [] : bytes(moves ? offset + move : offset, offsetSize)
                at += offsetSize
                out += file[at..<(at + lengthSize)]
                at += lengthSize
            }
        }
        guard at == iloc.range.upperBound else { return nil }
        return box("iloc", out)
    }
}
