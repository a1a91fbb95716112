// Why this exists: a HEIC or AVIF turned without touching its coded image: the primary item's `irot` angle is rewritten (one byte) where it has one; where it has none, an `irot` property is added and associated, the boxes around it resized and the image data's file offsets in `iloc` moved by as much. Every size and offset is checked; a layout this does not know (64-bit box sizes, a mirrored image) is refused with the reason.
import Foundation

package enum HEIFRotationEdit {
    private typealias Box = HEIFBoxes.Box

    package static func turned(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        let top = try HEIFBoxes.boxes(file, 0..<file.count)
        guard let meta = top.first(where: { $0.type == "meta" }) else { throw HEIFBoxes.damaged() }
        guard meta.body.count >= 4 else { throw HEIFBoxes.damaged() }
        let inMeta = try HEIFBoxes.boxes(file, (meta.body.lowerBound + 4)..<meta.body.upperBound)
        guard let pitm = inMeta.first(where: { $0.type == "pitm" }), let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let iloc = inMeta.first(where: { $0.type == "iloc" }) else { throw HEIFBoxes.damaged() }
        let primary = try HEIFBoxes.read(file, pitm.body.lowerBound + 4, try HEIFBoxes.read(file, pitm.body.lowerBound, 1) == 0 ? 2 : 4)
        let inIprp = try HEIFBoxes.boxes(file, iprp.body)
        guard let ipco = inIprp.first(where: { $0.type == "ipco" }), let ipma = inIprp.first(where: { $0.type == "ipma" }) else { throw HEIFBoxes.damaged() }
        let properties = try HEIFBoxes.boxes(file, ipco.body)
        let associated = try associations(file, ipma, item: primary)
        var irot: Box?
        for index in associated {
            guard index >= 1, index <= properties.count else { throw HEIFBoxes.damaged() }
            let property = properties[index - 1]
            if property.type == "imir" { throw TurnRefusal(Words("a mirrored HEIF image cannot be turned")) }
            if property.type == "irot" { irot = property }
        }
        if let irot {
            guard irot.body.count >= 1 else { throw HEIFBoxes.damaged() }
            var turned = file
            turned[irot.body.lowerBound] = (file[irot.body.lowerBound] & ~3) | UInt8(turn.turning(irot: Int(file[irot.body.lowerBound] & 3)))
            return turned
        }
        // None: a new irot property, associated with the primary item, and every box around it grown.
        let newIpco = HEIFBoxes.box("ipco", Array(file[ipco.body]) + HEIFBoxes.box("irot", [UInt8(turn.turning(irot: 0))]))
        let newIpma = try associating(file, ipma, item: primary, property: properties.count + 1)
        let growth = (newIpco.count - ipco.range.count) + (newIpma.count - ipma.range.count)
        let newIloc = try shifting(file, iloc, by: growth, after: meta.range.upperBound)
        var newIprp: [UInt8] = []
        for child in inIprp { newIprp += child.type == "ipco" ? newIpco : child.type == "ipma" ? newIpma : Array(file[child.range]) }
        var metaBody = Array(file[meta.body.lowerBound..<(meta.body.lowerBound + 4)])
        for child in inMeta { metaBody += child.type == "iprp" ? HEIFBoxes.box("iprp", newIprp) : child.type == "iloc" ? newIloc : Array(file[child.range]) }
        return Array(file[..<meta.range.lowerBound]) + HEIFBoxes.box("meta", metaBody) + file[meta.range.upperBound...]
    }

    /// The `ipma` entries: for `item`, its property indices (1-based); with `adding`, the box
    /// rewritten with that index associated (essential) last.
    private static func walkIpma(_ file: [UInt8], _ ipma: Box, item: Int, adding: Int?) throws(TurnRefusal) -> (indices: [Int], box: [UInt8]) {
        var at = ipma.body.lowerBound
        let version = try HEIFBoxes.read(file, at, 1), wide = try HEIFBoxes.read(file, at + 3, 1) & 1 != 0
        let entries = try HEIFBoxes.read(file, at + 4, 4)
        var out = Array(file[at..<(at + 8)])
        at += 8
        let idSize = version < 1 ? 2 : 4, linkSize = wide ? 2 : 1
        var indices: [Int] = [], found = false
        for _ in 0..<entries {
            let id = try HEIFBoxes.read(file, at, idSize), count = try HEIFBoxes.read(file, at + idSize, 1)
            let linksStart = at + idSize + 1, linksEnd = linksStart + count * linkSize
            guard linksEnd <= ipma.range.upperBound else { throw HEIFBoxes.damaged() }
            var links = Array(file[linksStart..<linksEnd])
            if id == item {
                found = true
                for link in 0..<count { indices.append(try HEIFBoxes.read(file, linksStart + link * linkSize, linkSize) & (wide ? 0x7FFF : 0x7F)) }
                if let adding {
                    guard count < 255, wide || adding < 128 else { throw TurnRefusal(Words("its HEIF properties are full")) }
                    links += wide ? HEIFBoxes.bytes(0x8000 | adding, 2) : [UInt8(0x80 | adding)]
                }
            }
            out += file[at..<(at + idSize)] + [UInt8(links.count / linkSize)] + links
            at = linksEnd
        }
        guard found else { throw HEIFBoxes.damaged() }
        return (indices, HEIFBoxes.box("ipma", out))
    }

    private static func associations(_ file: [UInt8], _ ipma: Box, item: Int) throws(TurnRefusal) -> [Int] {
        try walkIpma(file, ipma, item: item, adding: nil).indices
    }

    private static func associating(_ file: [UInt8], _ ipma: Box, item: Int, property: Int) throws(TurnRefusal) -> [UInt8] {
        try walkIpma(file, ipma, item: item, adding: property).box
    }

    /// The `iloc` box with every file offset past `after` moved by `growth` (only offsets into
    /// the file itself, construction method 0: an `idat`'s move with the box that holds them).
    private static func shifting(_ file: [UInt8], _ iloc: Box, by growth: Int, after: Int) throws(TurnRefusal) -> [UInt8] {
        var at = iloc.body.lowerBound
        let version = try HEIFBoxes.read(file, at, 1)
        let sizes = try HEIFBoxes.read(file, at + 4, 2)
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 15, baseSize = (sizes >> 4) & 15
        let indexSize = version >= 1 ? sizes & 15 : 0
        let countSize = version < 2 ? 2 : 4
        let items = try HEIFBoxes.read(file, at + 6, countSize)
        var out = Array(file[at..<(at + 6 + countSize)])
        at += 6 + countSize
        for _ in 0..<items {
            let head = countSize + (version >= 1 ? 2 : 0)
            let method = version >= 1 ? try HEIFBoxes.read(file, at + countSize, 2) & 15 : 0
            guard at + head + 2 <= iloc.range.upperBound else { throw HEIFBoxes.damaged() }
            out += file[at..<(at + head + 2)]
            at += head + 2
            let base = try HEIFBoxes.read(file, at, baseSize)
            let baseMoves = method == 0 && baseSize > 0 && base >= after
            out += try HEIFBoxes.fitted(baseMoves ? try HEIFBoxes.sum(base, growth) : base, baseSize)
            at += baseSize
            let extents = try HEIFBoxes.read(file, at, 2)
            out += HEIFBoxes.bytes(extents, 2)
            at += 2
            for _ in 0..<extents {
                guard at + indexSize + offsetSize + lengthSize <= iloc.range.upperBound else { throw HEIFBoxes.damaged() }
                out += file[at..<(at + indexSize)]
                at += indexSize
                let offset = try HEIFBoxes.read(file, at, offsetSize)
                let start = try HEIFBoxes.sum(base, offset)
                let moves = method == 0 && !baseMoves && start >= after
                out += try HEIFBoxes.fitted(moves ? try HEIFBoxes.sum(offset, growth) : offset, offsetSize)
                at += offsetSize
                out += file[at..<(at + lengthSize)]
                at += lengthSize
            }
        }
        guard at <= iloc.range.upperBound else { throw HEIFBoxes.damaged() }
        out += file[at..<iloc.range.upperBound]
        return HEIFBoxes.box("iloc", out)
    }
}
