// Why this exists: a HEIC or AVIF turned without touching its coded image: the primary item's `irot` angle is rewritten (one byte) where it has one; where it has none, an `irot` property is added and associated, the boxes around it resized and the image data's file offsets in `iloc` moved by as much. Every size and offset is checked; a layout this does not know (64-bit box sizes, a mirrored image) is refused with the reason.
import Foundation

enum HEIFRotationEdit {
    private struct Box {
        let type: String
        let range: Range<Int>
        var body: Range<Int> { (range.lowerBound + 8)..<range.upperBound }
    }

    private static func damaged() -> TurnRefusal { TurnRefusal(Words("its HEIF boxes are damaged")) }

    static func turned(_ file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) -> [UInt8] {
        let top = try boxes(file, 0..<file.count)
        guard let meta = top.first(where: { $0.type == "meta" }) else { throw damaged() }
        guard meta.body.count >= 4 else { throw damaged() }
        let inMeta = try boxes(file, (meta.body.lowerBound + 4)..<meta.body.upperBound)
        guard let pitm = inMeta.first(where: { $0.type == "pitm" }), let iprp = inMeta.first(where: { $0.type == "iprp" }),
              let iloc = inMeta.first(where: { $0.type == "iloc" }) else { throw damaged() }
        let primary = try read(file, pitm.body.lowerBound + 4, try read(file, pitm.body.lowerBound, 1) == 0 ? 2 : 4)
        let inIprp = try boxes(file, iprp.body)
        guard let ipco = inIprp.first(where: { $0.type == "ipco" }), let ipma = inIprp.first(where: { $0.type == "ipma" }) else { throw damaged() }
        let properties = try boxes(file, ipco.body)
        let associated = try associations(file, ipma, item: primary)
        var irot: Box?
        for index in associated {
            guard index >= 1, index <= properties.count else { throw damaged() }
            let property = properties[index - 1]
            if property.type == "imir" { throw TurnRefusal(Words("a mirrored HEIF image cannot be turned")) }
            if property.type == "irot" { irot = property }
        }
        if let irot {
            guard irot.body.count >= 1 else { throw damaged() }
            var turned = file
            turned[irot.body.lowerBound] = (file[irot.body.lowerBound] & ~3) | UInt8(turn.turning(irot: Int(file[irot.body.lowerBound] & 3)))
            return turned
        }
        // None: a new irot property, associated with the primary item, and every box around it grown.
        let newIpco = box("ipco", Array(file[ipco.body]) + box("irot", [UInt8(turn.turning(irot: 0))]))
        let newIpma = try associating(file, ipma, item: primary, property: properties.count + 1)
        let growth = (newIpco.count - ipco.range.count) + (newIpma.count - ipma.range.count)
        let newIloc = try shifting(file, iloc, by: growth, after: meta.range.upperBound)
        var newIprp: [UInt8] = []
        for child in inIprp { newIprp += child.type == "ipco" ? newIpco : child.type == "ipma" ? newIpma : Array(file[child.range]) }
        var metaBody = Array(file[meta.body.lowerBound..<(meta.body.lowerBound + 4)])
        for child in inMeta { metaBody += child.type == "iprp" ? box("iprp", newIprp) : child.type == "iloc" ? newIloc : Array(file[child.range]) }
        return Array(file[..<meta.range.lowerBound]) + box("meta", metaBody) + file[meta.range.upperBound...]
    }

    /// The boxes laid end to end in `range` (32-bit sizes only; 0 runs to the end).
    private static func boxes(_ file: [UInt8], _ range: Range<Int>) throws(TurnRefusal) -> [Box] {
        var result: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = try read(file, at, 4)
            if size == 1 { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
            if size == 0 { size = range.upperBound - at }
            guard size >= 8, at + size <= range.upperBound else { throw damaged() }
            result.append(Box(type: String(decoding: file[(at + 4)..<(at + 8)], as: UTF8.self), range: at..<(at + size)))
            at += size
        }
        return result
    }

    /// A big-endian number of `count` bytes at `at`; never negative (a 64-bit one with its top
    /// bit set is refused, so no sum of two read numbers can overflow unseen).
    private static func read(_ file: [UInt8], _ at: Int, _ count: Int) throws(TurnRefusal) -> Int {
        guard at >= 0, count >= 0, count <= 8, at <= file.count - count else { throw damaged() }
        guard count < 8 || file[at] < 0x80 else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return (0..<count).reduce(0) { $0 << 8 | Int(file[at + $1]) }
    }

    /// `a + b`, or refused where it overflows (a HEIC's offsets are the file's to choose).
    private static func sum(_ a: Int, _ b: Int) throws(TurnRefusal) -> Int {
        let (total, overflowed) = a.addingReportingOverflow(b)
        guard !overflowed else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return total
    }

    private static func bytes(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    /// `value` in `count` bytes, if it fits.
    private static func fitted(_ value: Int, _ count: Int) throws(TurnRefusal) -> [UInt8] {
        guard count >= 8 || value < 1 << (8 * count) else { throw TurnRefusal(Words("its HEIF boxes are too large to rewrite")) }
        return bytes(value, count)
    }

    private static func box(_ type: String, _ body: [UInt8]) -> [UInt8] { bytes(8 + body.count, 4) + Array(type.utf8) + body }

    /// The `ipma` entries: for `item`, its property indices (1-based); with `adding`, the box
    /// rewritten with that index associated (essential) last.
    private static func walkIpma(_ file: [UInt8], _ ipma: Box, item: Int, adding: Int?) throws(TurnRefusal) -> (indices: [Int], box: [UInt8]) {
        var at = ipma.body.lowerBound
        let version = try read(file, at, 1), wide = try read(file, at + 3, 1) & 1 != 0
        let entries = try read(file, at + 4, 4)
        var out = Array(file[at..<(at + 8)])
        at += 8
        let idSize = version < 1 ? 2 : 4, linkSize = wide ? 2 : 1
        var indices: [Int] = [], found = false
        for _ in 0..<entries {
            let id = try read(file, at, idSize), count = try read(file, at + idSize, 1)
            let linksStart = at + idSize + 1, linksEnd = linksStart + count * linkSize
            guard linksEnd <= ipma.range.upperBound else { throw damaged() }
            var links = Array(file[linksStart..<linksEnd])
            if id == item {
                found = true
                for link in 0..<count { indices.append(try read(file, linksStart + link * linkSize, linkSize) & (wide ? 0x7FFF : 0x7F)) }
                if let adding {
                    guard count < 255, wide || adding < 128 else { throw TurnRefusal(Words("its HEIF properties are full")) }
                    links += wide ? bytes(0x8000 | adding, 2) : [UInt8(0x80 | adding)]
                }
            }
            out += file[at..<(at + idSize)] + [UInt8(links.count / linkSize)] + links
            at = linksEnd
        }
        guard found else { throw damaged() }
        return (indices, box("ipma", out))
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
        let version = try read(file, at, 1)
        let sizes = try read(file, at + 4, 2)
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 15, baseSize = (sizes >> 4) & 15
        let indexSize = version >= 1 ? sizes & 15 : 0
        let countSize = version < 2 ? 2 : 4
        let items = try read(file, at + 6, countSize)
        var out = Array(file[at..<(at + 6 + countSize)])
        at += 6 + countSize
        for _ in 0..<items {
            let head = countSize + (version >= 1 ? 2 : 0)
            let method = version >= 1 ? try read(file, at + countSize, 2) & 15 : 0
            guard at + head + 2 <= iloc.range.upperBound else { throw damaged() }
            out += file[at..<(at + head + 2)]
            at += head + 2
            let base = try read(file, at, baseSize)
            let baseMoves = method == 0 && baseSize > 0 && base >= after
            out += try fitted(baseMoves ? try sum(base, growth) : base, baseSize)
            at += baseSize
            let extents = try read(file, at, 2)
            out += bytes(extents, 2)
            at += 2
            for _ in 0..<extents {
                guard at + indexSize + offsetSize + lengthSize <= iloc.range.upperBound else { throw damaged() }
                out += file[at..<(at + indexSize)]
                at += indexSize
                let offset = try read(file, at, offsetSize)
                let start = try sum(base, offset)
                let moves = method == 0 && !baseMoves && start >= after
                out += try fitted(moves ? try sum(offset, growth) : offset, offsetSize)
                at += offsetSize
                out += file[at..<(at + lengthSize)]
                at += lengthSize
            }
        }
        guard at <= iloc.range.upperBound else { throw damaged() }
        out += file[at..<iloc.range.upperBound]
        return box("iloc", out)
    }
}
