// Why this exists: a HEIC or AVIF turned by a helper is taken only if it is not mirrored (the edit refuses those) and differs from the original in the boxes the irot edit names alone: the primary item's irot turned in place, or one irot added to the properties and linked to the primary item, with every item's data offsets past the meta box moved by exactly what it grew; every other box, property, link and byte as it was. Read by the app's own bounds-checked reader (HEIFBoxes).
import Foundation

package enum HEIFRotationCheck {
    package typealias Box = HEIFBoxes.Box

    package struct Link: Equatable {
        let index: Int
        let essential: Bool
    }

    package struct Extent: Equatable {
        let index: Int
        /// Where the extent starts: in the file for construction method 0 (base and offset added).
        var start: Int
        let length: Int
    }

    package struct ItemData: Equatable {
        /// The construction method with the bits reserved beside it, as written.
        let methodField: Int
        let reference: Int
        var method: Int { methodField & 15 }
        /// The base offset where it is not the file's (construction method 0 adds it to `start`).
        let base: Int
        var extents: [Extent]
    }

    /// What the check compares of a file: its meta box, the boxes in it and in its iprp, the
    /// properties, the primary item, each item's links to properties and each item's data.
    package struct Layout {
        let meta: Box
        let inMeta: [Box], inIprp: [Box], properties: [Box]
        let primary: Int
        /// The version and flags of ipma and of iloc.
        let ipmaHeader: [UInt8], ilocHeader: [UInt8]
        var links: [Int: [Link]] = [:]
        var data: [Int: ItemData] = [:]

        init(_ file: [UInt8]) throws(TurnRefusal) {
            guard let meta = try HEIFBoxes.boxes(file, 0..<file.count).first(where: { $0.type == "meta" }), meta.body.count >= 4 else {
                throw HEIFBoxes.damaged()
            }
            self.meta = meta
            inMeta = try HEIFBoxes.boxes(file, (meta.body.lowerBound + 4)..<meta.body.upperBound)
            guard let pitm = inMeta.first(where: { $0.type == "pitm" }), let iprp = inMeta.first(where: { $0.type == "iprp" }),
                  let iloc = inMeta.first(where: { $0.type == "iloc" }) else { throw HEIFBoxes.damaged() }
            primary = try HEIFBoxes.read(file, pitm.body.lowerBound + 4, try HEIFBoxes.read(file, pitm.body.lowerBound, 1) == 0 ? 2 : 4)
            inIprp = try HEIFBoxes.boxes(file, iprp.body)
            guard let ipco = inIprp.first(where: { $0.type == "ipco" }), let ipma = inIprp.first(where: { $0.type == "ipma" }),
                  ipma.body.count >= 8 else { throw HEIFBoxes.damaged() }
            properties = try HEIFBoxes.boxes(file, ipco.body)
            ipmaHeader = Array(file[ipma.body.prefix(4)])
            ilocHeader = Array(file[iloc.body.prefix(4)])
            try readLinks(file, ipma)
            try readData(file, iloc)
        }

        private mutating func readLinks(_ file: [UInt8], _ ipma: Box) throws(TurnRefusal) {
            let version = try HEIFBoxes.read(file, ipma.body.lowerBound, 1), wide = try HEIFBoxes.read(file, ipma.body.lowerBound + 3, 1) & 1 != 0
            let entries = try HEIFBoxes.read(file, ipma.body.lowerBound + 4, 4)
            let idSize = version < 1 ? 2 : 4, linkSize = wide ? 2 : 1
            var at = ipma.body.lowerBound + 8
            for _ in 0..<entries {
                guard at + idSize + 1 <= ipma.range.upperBound else { throw HEIFBoxes.damaged() }
                let id = try HEIFBoxes.read(file, at, idSize), count = try HEIFBoxes.read(file, at + idSize, 1)
                at += idSize + 1
                guard links[id] == nil, at + count * linkSize <= ipma.range.upperBound else { throw HEIFBoxes.damaged() }
                var itemLinks: [Link] = []
                for _ in 0..<count {
                    let link = try HEIFBoxes.read(file, at, linkSize)
                    itemLinks.append(Link(index: link & (wide ? 0x7FFF : 0x7F), essential: link >> (linkSize * 8 - 1) == 1))
                    at += linkSize
                }
                links[id] = itemLinks
            }
        }

        private mutating func readData(_ file: [UInt8], _ iloc: Box) throws(TurnRefusal) {
            var at = iloc.body.lowerBound
            let version = try HEIFBoxes.read(file, at, 1), sizes = try HEIFBoxes.read(file, at + 4, 2)
            let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 15, baseSize = (sizes >> 4) & 15
            let indexSize = version >= 1 ? sizes & 15 : 0, countSize = version < 2 ? 2 : 4
            let items = try HEIFBoxes.read(file, at + 6, countSize)
            at += 6 + countSize
            for _ in 0..<items {
                guard at < iloc.range.upperBound else { throw HEIFBoxes.damaged() }
                let id = try HEIFBoxes.read(file, at, countSize)
                at += countSize
                let field = version >= 1 ? try HEIFBoxes.read(file, at, 2) : 0
                at += version >= 1 ? 2 : 0
                let method = field & 15
                let reference = try HEIFBoxes.read(file, at, 2), base = try HEIFBoxes.read(file, at + 2, baseSize)
                let count = try HEIFBoxes.read(file, at + 2 + baseSize, 2)
                at += 4 + baseSize
                var extents: [Extent] = []
                for _ in 0..<count {
                    guard at + indexSize + offsetSize + lengthSize <= iloc.range.upperBound else { throw HEIFBoxes.damaged() }
                    let index = try HEIFBoxes.read(file, at, indexSize), offset = try HEIFBoxes.read(file, at + indexSize, offsetSize)
                    let length = try HEIFBoxes.read(file, at + indexSize + offsetSize, lengthSize)
                    extents.append(Extent(index: index, start: method == 0 ? try HEIFBoxes.sum(base, offset) : offset, length: length))
                    at += indexSize + offsetSize + lengthSize
                }
                guard data[id] == nil else { throw HEIFBoxes.damaged() }
                data[id] = ItemData(methodField: field, reference: reference, base: method == 0 ? 0 : base, extents: extents)
            }
        }
    }

    /// `result` is `file` with its primary item's rotation turned, and nothing else changed.
    package static func check(_ result: [UInt8], against file: [UInt8], _ turn: QuarterTurn) throws(TurnRefusal) {
        let refused = TurnRefusal(EXIFOrientationCheck.notTheTurn)
        guard let mine = try? Layout(file), let theirs = try? Layout(result) else { throw refused }
        let growth = result.count - file.count
        let (before, after) = (mine.meta.range, theirs.meta.range)
        guard growth >= 0, after.lowerBound == before.lowerBound, after.count == before.count + growth,
              result[..<after.lowerBound].elementsEqual(file[..<before.lowerBound]),
              result[(after.lowerBound + 4)..<(after.lowerBound + 12)].elementsEqual(file[(before.lowerBound + 4)..<(before.lowerBound + 12)]),
              result[after.upperBound...].elementsEqual(file[before.upperBound...]),
              same(theirs.inMeta, in: result, as: mine.inMeta, in: file, but: ["iprp", "iloc"]),
              same(theirs.inIprp, in: result, as: mine.inIprp, in: file, but: ["ipco", "ipma"]),
              theirs.primary == mine.primary, theirs.ipmaHeader == mine.ipmaHeader, theirs.ilocHeader == mine.ilocHeader else { throw refused }
        var links = mine.links
        let count = mine.properties.count
        let primaryProperties = (mine.links[mine.primary] ?? []).filter { $0.index >= 1 && $0.index <= count }
        // A mirrored image the edit refuses (a turn after a mirror is another picture): no answer is its.
        guard !primaryProperties.contains(where: { mine.properties[$0.index - 1].type == "imir" }) else { throw refused }
        let rotation = primaryProperties.first { mine.properties[$0.index - 1].type == "irot" }
        if let rotation {
            // In place: that property's angle alone.
            let irot = mine.properties[rotation.index - 1], theirs = theirs.properties
            guard growth == 0, theirs.count == count, irot.body.count >= 1,
                  same(theirs.enumerated().filter { $0.offset != rotation.index - 1 }.map(\.element), in: result,
                       as: mine.properties.enumerated().filter { $0.offset != rotation.index - 1 }.map(\.element), in: file, but: []) else { throw refused }
            let angle = file[irot.body.lowerBound]
            var expected = Array(file[irot.range])
            expected[8] = (angle & ~3) | UInt8(turn.turning(irot: Int(angle & 3)))
            guard result[theirs[rotation.index - 1].range].elementsEqual(expected) else { throw refused }
        } else {
            // Added: one irot after the others, linked to the primary item, essential.
            guard theirs.properties.count == count + 1, same(Array(theirs.properties.prefix(count)), in: result, as: mine.properties, in: file, but: []),
                  result[theirs.properties[count].range].elementsEqual(HEIFBoxes.box("irot", [UInt8(turn.turning(irot: 0))])) else { throw refused }
            links[mine.primary, default: []].append(Link(index: count + 1, essential: true))
        }
        // Every item's data where it was, those past the meta box moved as far as it grew.
        var data = mine.data
        for (id, item) in data where item.method == 0 {
            for index in item.extents.indices where item.extents[index].start >= before.upperBound {
                guard let moved = try? HEIFBoxes.sum(item.extents[index].start, growth) else { throw refused }
                data[id]!.extents[index].start = moved
            }
        }
        guard theirs.links == links, theirs.data == data else { throw refused }
    }

    /// Whether `theirs` are `mine`, box for box and type for type, and byte for byte but for the types `but`.
    private static func same(_ theirs: [Box], in result: [UInt8], as mine: [Box], in file: [UInt8], but: Set<String>) -> Bool {
        theirs.count == mine.count && zip(theirs, mine).allSatisfy { after, before in
            after.type == before.type && (but.contains(before.type) || result[after.range].elementsEqual(file[before.range]))
        }
    }
}
